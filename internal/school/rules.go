package school

// The rules for a written test that too many fail, per Land, with their sources (docs/spec.md §11,
// docs/grading-systems.md "Approval rules", which also says how each was found). A share is
// always of the graded tests of the group; "failing" is every grade worse than ausreichend
// (Nicht genügend in Austria). Where the Oberstufe grades in points, 0 to 4 points are the
// failing ones; the web app passes the count it has.
//
// Every rule here was read from a summary of the norm, not always from its official text: the
// Notenspiegel names the source and its address so that the teacher can check the wording in
// force. A Land without a rule says what was found instead (Note).

// germanFailing are the grades of 1–6 that count: mangelhaft and ungenügend.
var germanFailing = []string{"5", "6"}

const termWorse = "schlechter als ausreichend"

var ruleHE = Rule{
	Source:      "VOGSV § 34",
	Title:       "Verordnung zur Gestaltung des Schulverhältnisses (Hessen), § 34",
	URL:         "https://www.rv.hessenrecht.hessen.de/bshe/document/hevr-SchulVerhGVHE2011V4IVZ",
	Failing:     germanFailing,
	FailingTerm: termWorse,
	Steps: []Step{
		{Over: [2]int{1, 3}, Share: "mehr als ein Drittel", Kind: KindApproval,
			Consequence: "Die Arbeit wird einmal wiederholt, es sei denn, die Schulleitung entscheidet nach Beratung, dass sie gewertet wird. Sie ist der Schulleitung deshalb vorzulegen."},
		{Over: [2]int{1, 2}, Share: "mehr als die Hälfte", Kind: KindRewrite,
			Consequence: "Die Arbeit wird wiederholt."},
	},
	Remark: "Nach einer Wiederholung zählt für jede Schülerin und jeden Schüler die bessere der beiden Noten.",
}

var ruleNI = Rule{
	Source:      "RdErl. „Schriftliche Arbeiten in den allgemein bildenden Schulen“ vom 22.3.2012, Nr. 8",
	Title:       "Runderlass des Niedersächsischen Kultusministeriums vom 22.3.2012 (SVBl. S. 266)",
	URL:         "https://www.mk.niedersachsen.de/download/69741/",
	Failing:     germanFailing,
	FailingTerm: "mangelhaft oder ungenügend",
	Steps: []Step{
		{Over: [2]int{3, 10}, Share: "mehr als 30 %", Kind: KindVoid,
			Consequence: "Die Arbeit wird nicht gewertet; mit Zustimmung der Schulleitung darf davon abgewichen werden. Die Klassenelternvertretung wird über die Entscheidung mit Gründen unterrichtet."},
	},
}

var ruleBE = Rule{
	Source:      "Sek I-VO §§ 19, 20",
	Title:       "Verordnung über die Schularten und Bildungsgänge der Sekundarstufe I (Berlin)",
	URL:         "https://gesetze.berlin.de/bsbe/document/jlr-SekIVBE2010V31P19",
	Failing:     germanFailing,
	FailingTerm: "mangelhaft oder schlechter",
	Steps: []Step{
		{Over: [2]int{1, 3}, Share: "mehr als ein Drittel", Kind: KindApproval,
			Consequence: "Die Schulleitung entscheidet, ob die Arbeit gewertet oder neu geschrieben wird."},
	},
}

var ruleBB = Rule{
	Source:      "VV-Leistungsbewertung, Nr. 8",
	Title:       "Verwaltungsvorschriften zur Leistungsbewertung in den Schulen des Landes Brandenburg",
	URL:         "https://bravors.brandenburg.de/verwaltungsvorschriften/vv_leistungsbewertung",
	Failing:     germanFailing,
	FailingTerm: "mangelhaft oder ungenügend",
	Steps: []Step{
		{Over: [2]int{1, 3}, Share: "mehr als ein Drittel", Kind: KindApproval,
			Consequence: "Die Schulleitung entscheidet nach Rücksprache mit der Lehrkraft, ob die Arbeit gewertet oder wiederholt wird."},
	},
	Remark: "Nicht für die Jahrgangsstufe 10 des Gymnasiums.",
}

var ruleHB = Rule{
	Source:      "Richtlinie 331.01 „Schriftliche Arbeiten … Jahrgangsstufen 5 bis 10“ vom 29.10.1982",
	Title:       "Richtlinie der Senatorin für Kinder und Bildung (Bremen)",
	URL:         "https://www.transparenz.bremen.de/schriftliche-arbeiten-im-unterricht-der-allgemeinbildenden-schulen-in-den-jahrgangstufen-5-bis-10-163668",
	Failing:     germanFailing,
	FailingTerm: "mangelhaft oder ungenügend",
	Steps: []Step{
		{Over: [2]int{1, 3}, Share: "mehr als ein Drittel", Kind: KindVoid,
			Consequence: "Die Arbeit wird nicht gewertet; auf begründeten Antrag kann die Schulleitung eine Ausnahme zulassen."},
	},
	Remark: "Ob die Richtlinie von 1982 noch gilt, ist nicht abschließend gesichert.",
}

var ruleHH = Rule{
	Source:      "Bildungsplan Sekundarstufe I (2024), Teil C „Leistungsbewertung“",
	Title:       "Bildungspläne der Hamburger Gymnasien und Stadtteilschulen, Teil C",
	URL:         "https://dokumente.hamburg.de/resource/blob/798488/251acd87545f55fad72fc95d6402821c/teil-c-leistungsbewertung-data.pdf",
	Failing:     germanFailing,
	FailingTerm: "mangelhaft oder ungenügend",
	Steps: []Step{
		{Over: [2]int{1, 3}, Share: "mehr als ein Drittel", Kind: KindApproval,
			Consequence: "Die Arbeit wird nur mit Zustimmung der Schulleitung gewertet."},
	},
}

var ruleMV = Rule{
	Source:      "LeistBewVO M-V",
	Title:       "Leistungsbewertungsverordnung Mecklenburg-Vorpommern (in Kraft seit 1.8.2026)",
	URL:         "https://www.regierung-mv.de/serviceassistent/download?id=1690073",
	Failing:     germanFailing,
	FailingTerm: termWorse,
	Steps: []Step{
		{Over: [2]int{1, 2}, Share: "mehr als die Hälfte", Kind: KindApproval,
			Consequence: "Die Schulleitung entscheidet, ob die Arbeit gewertet oder wiederholt wird."},
	},
}

var ruleRP = Rule{
	Source:      "ÜSchO (Übergreifende Schulordnung), §§ 50–56",
	Title:       "Schulordnung für die öffentlichen Realschulen plus, Integrierten Gesamtschulen, Gymnasien, Kollegs und Abendgymnasien (Rheinland-Pfalz)",
	URL:         "https://bildung.rlp.de/fileadmin/user_upload/schulemedienrecht.bildung.rlp.de/Downloads/Broschuere_Schulordnung_LAY_07102022.pdf",
	Failing:     germanFailing,
	FailingTerm: "unter ausreichend",
	Steps: []Step{
		{Over: [2]int{1, 3}, AtLeast: true, Share: "ein Drittel oder mehr", Kind: KindApproval,
			Consequence: "Die Schulleitung entscheidet, ob die Arbeit wiederholt wird."},
	},
}

var ruleSL = Rule{
	Source:      "Erlass zur Leistungsbewertung vom 9.7.2024, Nr. 3.4",
	Title:       "Erlass zur Leistungsbewertung in den Schulen des Saarlandes (Amtsbl. I S. 506)",
	URL:         "https://www.saarland.de/SharedDocs/Downloads/DE/mbk/Bildungsserver/allgemeine-informationen/erlass_leistungbewert_2024.pdf",
	Failing:     germanFailing,
	FailingTerm: termWorse,
	Steps: []Step{
		{Over: [2]int{1, 3}, AtLeast: true, Share: "mindestens ein Drittel", Kind: KindApproval,
			Consequence: "Die Schulleitung entscheidet, ob die Arbeit gewertet, mit geändertem Maßstab bewertet oder wiederholt wird."},
	},
}

var ruleST = Rule{
	Source:      "RdErl. des MK vom 26.6.2012 „Leistungsbewertung und Beurteilung“, Nr. 4.1.3",
	Title:       "Runderlass des Ministeriums für Bildung Sachsen-Anhalt vom 26.6.2012",
	URL:         "https://www.landesrecht.sachsen-anhalt.de/perma?j=VVST-223110-MK-20120626-SF",
	Failing:     germanFailing,
	FailingTerm: termWorse,
	Steps: []Step{
		// "weniger als zwei Drittel mindestens ausreichend" is more than a third failing.
		{Over: [2]int{1, 3}, Share: "mehr als ein Drittel (weniger als zwei Drittel mindestens ausreichend)", Kind: KindApproval,
			Consequence: "Die Schulleitung entscheidet vor der Rückgabe, ob die Arbeit gewertet oder wiederholt wird."},
	},
}

var ruleSH = Rule{
	Source:      "Erlass „Leistungsnachweise in der Sekundarstufe I“ vom 4.6.2025, Nr. 4",
	Title:       "Erlass des Ministeriums für Allgemeine und Berufliche Bildung Schleswig-Holstein",
	URL:         "https://www.schleswig-holstein.de/DE/fachinhalte/S/schulrecht/Downloads/Erlasse/Downloads/Leistungsnachweise_Sek_I.pdf",
	Failing:     germanFailing,
	FailingTerm: termWorse,
	Steps: []Step{
		{Over: [2]int{1, 3}, AtLeast: true, Share: "ein Drittel oder mehr", Kind: KindApproval,
			Consequence: "Die Arbeit wird nur mit Zustimmung der Schulleitung gewertet."},
	},
	Remark: "Die Fassung von 2018 sprach von „mehr als einem Drittel“ und verlangte, die Lehrkraft und ab Jahrgangsstufe 3 die Klassensprecherin oder den Klassensprecher zu hören.",
}

// ruleAT is Austria's federal rule: it holds in every Land.
var ruleAT = Rule{
	Source:      "LBVO § 7 Abs. 11",
	Title:       "Leistungsbeurteilungsverordnung (Österreich, Bundesrecht)",
	URL:         "https://www.ris.bka.gv.at/GeltendeFassung.wxe?Abfrage=Bundesnormen&Gesetzesnummer=10009375",
	Failing:     []string{"5"},
	FailingTerm: "mit „Nicht genügend“ beurteilt",
	Steps: []Step{
		{Over: [2]int{1, 2}, Share: "mehr als die Hälfte", Kind: KindRewrite,
			Consequence: "Die Schularbeit ist mit neuer Aufgabenstellung aus demselben Lehrstoffgebiet einmal zu wiederholen, innerhalb von zwei Wochen nach der Rückgabe; der Termin wird bei der Rückgabe bekanntgegeben."},
	},
	Remark: "Grundlage der Beurteilung ist die Schularbeit, bei der die Schülerin oder der Schüler die bessere Leistung erbracht hat.",
}

// Notes of the Länder without a rule.
const (
	noteBW = "Keine solche Regel: die Notenbildungsverordnung (§§ 7–9) bindet eine schlecht ausgefallene Klassenarbeit nicht an die Schulleitung."
	noteBY = "Keine solche Regel: eine Schulaufgabe wird nur wiederholt, wenn die Anforderungen nicht angemessen waren oder der Stoff nicht genügend vorbereitet war (Gymnasialschulordnung); ein schlechter Ausfall ist dafür allenfalls ein Hinweis."
	noteNW = "Keine Regel mehr: der „Drittelerlass“ (APO-S I § 6 Abs. 8) wurde im Mai 2006 aufgehoben; seitdem entscheidet die Lehrkraft in pädagogischer Verantwortung."
	noteSN = "Keine solche Regel: die Schulordnungen für Gymnasien (SOGYA) und Oberschulen (SOOSA) enthalten keine Wiederholungsregel bei schlechtem Ausfall."
	noteTH = "Keine landesweite Regel gefunden: die Thüringer Schulordnung enthält keine; die fachliche Empfehlung zur Leistungsbewertung war nicht einsehbar."
	noteCH = "Keine kantonale Regel gefunden, die eine Prüfung bei vielen ungenügenden Noten an die Schulleitung bindet."
)
