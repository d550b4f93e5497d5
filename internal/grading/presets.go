package grading

// A Preset is a published key a scale can start from, with where it comes from: the admin sees the
// source where they pick it, and the printed table names it (docs/grading-systems.md has the long form).
type Preset struct {
	ID         string // stable: stored in documents and used by the API and the command line
	Name       string
	Source     string
	Region     string
	SchoolType string
	Config     Config
}

// Presets lists every preset in the order an admin picks them. Each call builds new values, so a
// caller may change what it gets.
func Presets() []Preset {
	return []Preset{
		{
			ID: "standard", Name: "Standard (85/70/55/40/20, Grenzen „über“)",
			Source:     "Der ursprüngliche Notenschlüssel von Notenrechner",
			Region:     "Deutschland",
			SchoolType: "allgemeinbildende Schulen",
			Config:     Default(),
		},
		standardAB(),
		ihk(),
		ihkDecimal(),
		kmk("kmk-oberstufe", "strikt: der genaue Prozentwert", "der genaue Prozentwert", BasisExact),
		kmk("kmk-oberstufe-aufrunden", "aufrunden: auf ganze Prozent gerundet (berufliche Schulen, "+
			"Baden-Württemberg)", "der Prozentwert auf ganze Prozent gerundet, wie an beruflichen Schulen in "+
			"Baden-Württemberg üblich (keine Regel der KMK)", BasisRound),
		kmk("kmk-oberstufe-hessen", "Hessen: der ganzzahlige, nicht gerundete Prozentwert",
			"Hessen: der ganzzahlige, nicht gerundete Prozentwert", BasisCut),
		swiss("schweiz-zehntel", "Zehntelnoten", 1000),
		swiss("schweiz-viertel", "Viertelnoten", 2500),
		swiss("schweiz-halbe", "halbe Noten", 5000),
		austria(),
	}
}

// PresetByID finds a preset; ok is false for an unknown id.
func PresetByID(id string) (Preset, bool) {
	for _, p := range Presets() {
		if p.ID == id {
			return p, true
		}
	}
	return Preset{}, false
}

// row is a table band in whole percent, for writing presets readably.
type row struct {
	grade string
	from  int
}

// tablePreset makes the config of a table preset; the last row's from is ignored (it takes the rest).
func tablePreset(id, name, system string, basis Basis, rows ...row) Config {
	c := Config{Name: name, Preset: id, Rule: Rule{System: system, Kind: RuleTable, Basis: basis, Count: len(rows)}}
	for i, r := range rows {
		c.Rule.Bands[i] = TableBand{Grade: r.grade}
		if i < len(rows)-1 {
			c.Rule.Bands[i].From = Percent(r.from) * percentScale
		}
	}
	return c
}

// standardAB is the Standard's grades (85/70/55/40/20) with bounds included and each grade split
// into thirds (grade 6 into halves), every bound rounded half up to a whole percent as the KMK's
// points table rounds 33⅓ and 26⅔ to 33 and 27.
func standardAB() Preset {
	return Preset{
		ID: "standard-ab", Name: "Standard mit „ab“-Grenzen (1 ab 90 … 4 ab 45 … 6+ ab 10)",
		Source: "Die Notenbereiche des Standards (85/70/55/40/20) in Dritteln, gerundet wie die Punktetabelle " +
			"der KMK (33 und 27 %)",
		Region: "Deutschland", SchoolType: "allgemeinbildende Schulen",
		Config: tablePreset("standard-ab", "Standard", SystemPlusMinus, BasisExact,
			row{"1", 90}, row{"1-", 85}, row{"2+", 80}, row{"2", 75}, row{"2-", 70}, row{"3+", 65},
			row{"3", 60}, row{"3-", 55}, row{"4+", 50}, row{"4", 45}, row{"4-", 40}, row{"5+", 33},
			row{"5", 27}, row{"5-", 20}, row{"6+", 10}, row{"6", 0}),
	}
}

// ihk is the 100-point key of the IHK's exam rules. The key names no rounding, and the same key in federal
// law counts to two decimals "ohne Rundung", so the exact percentage is graded: 91,5 points are a 2.
func ihk() Preset {
	return Preset{
		ID: "ihk", Name: "IHK (100-Punkte-Schlüssel: 92/81/67/50/30)",
		Source: "Bewertungsschlüssel der IHK-Prüfungsordnungen, z. B. § 21 der Prüfungsordnung der IHK Köln " +
			"für Fortbildungsprüfungen (100 bis 92 Punkte = 1, unter 92 bis 81 Punkte = 2 … unter 30 Punkte = 6); " +
			"ohne Rundung wie § 30 ÖDAPrV",
		Region: "Deutschland", SchoolType: "berufliche Prüfungen (IHK)",
		Config: tablePreset("ihk", "IHK", SystemWhole, BasisExact,
			row{"1", 92}, row{"2", 81}, row{"3", 67}, row{"4", 50}, row{"5", 30}, row{"6", 0}),
	}
}

// ihkDecimalPass is where the decimal key passes: 50 points, judged before any rounding.
const ihkDecimalPass = 50

// ihkDecimal is Anlage 1 of the BibuBAProFPrV (its rows' lowest whole points) under the rule the federal
// Fortbildung rules give it (e.g. KundenbTischlPrV § 7): passing is judged on the unrounded points, then
// the points are rounded commercially and Anlage 1 gives the grade. As bounds on the exact percentage
// every row starts half a point below its whole number, except the pass mark: 49,5 points fail, so they
// are 4,5, while 91,5 round to 92 and are 1,4.
func ihkDecimal() Preset {
	rows := []row{
		{"1,0", 100}, {"1,1", 98}, {"1,2", 96}, {"1,3", 94}, {"1,4", 92}, {"1,5", 91}, {"1,6", 90},
		{"1,7", 89}, {"1,8", 88}, {"1,9", 87}, {"2,0", 85}, {"2,1", 84}, {"2,2", 83}, {"2,3", 82},
		{"2,4", 81}, {"2,5", 79}, {"2,6", 78}, {"2,7", 77}, {"2,8", 75}, {"2,9", 74}, {"3,0", 72},
		{"3,1", 71}, {"3,2", 70}, {"3,3", 68}, {"3,4", 67}, {"3,5", 65}, {"3,6", 63}, {"3,7", 62},
		{"3,8", 60}, {"3,9", 58}, {"4,0", 56}, {"4,1", 55}, {"4,2", 53}, {"4,3", 51}, {"4,4", 50},
		{"4,5", 48}, {"4,6", 46}, {"4,7", 44}, {"4,8", 42}, {"4,9", 40}, {"5,0", 38}, {"5,1", 36},
		{"5,2", 34}, {"5,3", 32}, {"5,4", 30}, {"5,5", 25}, {"5,6", 20}, {"5,7", 15}, {"5,8", 10},
		{"5,9", 5}, {"6,0", 0},
	}
	c := tablePreset("ihk-dezimal", "IHK-Dezimalnoten", SystemDecimal, BasisExact, rows...)
	for i, r := range rows[:len(rows)-1] {
		if r.from != ihkDecimalPass {
			c.Rule.Bands[i].From -= percentScale / 2 // what rounds commercially up to r.from
		}
	}
	return Preset{
		ID: "ihk-dezimal", Name: "IHK-Dezimalnoten (100-Punkte-Tabelle, 1,0 bis 6,0)",
		Source: "Anlage 1 der Bilanzbuchhalter-Fortbildungsprüfungsverordnung (BibuBAProFPrV): Punkte und " +
			"Note als Dezimalzahl; bestanden ab 50 Punkten ohne Rundung, danach kaufmännisch auf ganze " +
			"Punkte gerundet (z. B. § 7 KundenbTischlPrV)",
		Region: "Deutschland", SchoolType: "berufliche Fortbildung (IHK, Handwerkskammer)",
		Config: c,
	}
}

// earlierRules are the rules presets had in earlier releases: the IHK's keys on a percentage rounded
// half up to a whole percent, which no source of theirs names. A stored version that names the preset
// with such a rule still loads, as a table of its own (ParseStoredDocument).
func earlierRules(id string) []Rule {
	switch id {
	case "ihk":
		return []Rule{tablePreset("ihk", "", SystemWhole, BasisRound,
			row{"1", 92}, row{"2", 81}, row{"3", 67}, row{"4", 50}, row{"5", 30}, row{"6", 0}).Rule}
	case "ihk-dezimal":
		r := ihkDecimal().Config.Rule
		r.Basis = BasisRound
		for i := range r.Count - 1 {
			if r.Bands[i].From != ihkDecimalPass*percentScale {
				r.Bands[i].From += percentScale / 2
			}
		}
		return []Rule{r}
	}
	return nil
}

// kmk is the KMK's points table with one way of reading the percentage, which the KMK's agreement does
// not fix: variant names it in the list, practice says in the source whose way it is.
func kmk(id, variant, practice string, basis Basis) Preset {
	name := map[Basis]string{BasisExact: "Notenpunkte", BasisRound: "Notenpunkte (aufgerundet)",
		BasisCut: "Notenpunkte (Hessen)"}[basis]
	return Preset{
		ID: id, Name: "Notenpunkte 15–0 (KMK), " + variant,
		Source: "Punktetabelle der gymnasialen Oberstufe nach der Vereinbarung der Kultusministerkonferenz " +
			"zur Gestaltung der gymnasialen Oberstufe und der Abiturprüfung; " + practice,
		Region: "Deutschland", SchoolType: "gymnasiale Oberstufe",
		Config: tablePreset(id, name, SystemPoints, basis,
			row{"15", 95}, row{"14", 90}, row{"13", 85}, row{"12", 80}, row{"11", 75}, row{"10", 70},
			row{"9", 65}, row{"8", 60}, row{"7", 55}, row{"6", 50}, row{"5", 45}, row{"4", 40},
			row{"3", 33}, row{"2", 27}, row{"1", 20}, row{"0", 0}),
	}
}

func swiss(id, steps string, step Percent) Preset {
	return Preset{
		ID: id, Name: "Schweiz 6–1, " + steps + " (1 + 5 · P / Pmax)",
		Source: "Lineare Notenskala der Schweizer Schulen: Note = 1 + 5 · erreichte / maximale Punkte, " +
			"gerundet auf " + steps + "; ein genauer Mittelwert wird aufgerundet",
		Region: "Schweiz", SchoolType: "Volksschule, Mittelschule, Berufsfachschule",
		Config: Config{Name: "Schweiz (" + steps + ")", Preset: id, Rule: Rule{
			System: SystemSwitzerland, Kind: RuleFormula, Step: step, Midpoint: MidpointUp}},
	}
}

func austria() Preset {
	return Preset{
		ID: "oesterreich", Name: "Österreich 1–5 (90/80/65/50, ein Beispielschlüssel)",
		Source: "Notenstufen nach § 14 der Leistungsbeurteilungsverordnung (LBVO); die Prozentgrenzen " +
			"legt die Schule fest, diese sind ein verbreitetes Beispiel",
		Region: "Österreich", SchoolType: "alle Schularten",
		Config: tablePreset("oesterreich", "Österreich", SystemAustria, BasisExact,
			row{"1", 90}, row{"2", 80}, row{"3", 65}, row{"4", 50}, row{"5", 0}),
	}
}
