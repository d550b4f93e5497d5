import type { ClassSummary } from '../class-list'

// The teacher's item analysis (class-tasks.ts): per task its maximum, the class's average and the share
// solved, as a table whose last column draws the share as a bar. The numbers are text: the bar only repeats
// them for the eye.

const cell = 'px-1.5 py-1.5 sm:px-2 print:py-0.5'

export function ClassListTasks({ summary }: { summary: ClassSummary }) {
  return (
    <div className="min-w-0 overflow-x-auto print:break-inside-avoid">
      <table className="w-full border-collapse text-sm print:text-[9px]">
        <caption className="mb-1 text-left text-sm font-medium text-slate-700 dark:text-slate-300">
          Punkte je Aufgabe (Durchschnitt der bewerteten Arbeiten)
        </caption>
        <thead>
          <tr className="border-b border-slate-300 text-left text-slate-900 dark:border-slate-700 dark:text-slate-100">
            <th scope="col" className={cell}>
              Aufgabe
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Ø Punkte
            </th>
            <th scope="col" className={`${cell} w-2/5`}>
              gelöst
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-800 dark:divide-slate-700 dark:text-slate-100">
          {summary.taskFigures.map((t) => (
            <tr key={t.name}>
              <th scope="row" className={`${cell} text-left font-medium wrap-anywhere`}>
                {t.name}
              </th>
              <td className={`${cell} text-right tabular-nums whitespace-nowrap`}>
                {t.average === '' ? '–' : `${t.average} von ${t.max}`}
              </td>
              <td className={cell}>
                <div className="flex items-center gap-2">
                  <div
                    aria-hidden="true"
                    className="h-3 flex-1 rounded-sm bg-slate-200 dark:bg-slate-700 print:border print:border-slate-400"
                  >
                    <div
                      className="h-full rounded-sm bg-green-700 dark:bg-green-500 print:bg-slate-700"
                      style={{ width: `${String(Math.round(t.fraction * 100))}%` }}
                    />
                  </div>
                  <span className="w-14 text-right tabular-nums">{t.solved || '–'}</span>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
