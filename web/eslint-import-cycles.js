// An ESLint rule that reports import cycles counting every import: `import type`, `export … from`
// and import(). eslint-plugin-import's no-cycle skips type-only imports and has no option to count
// them, yet two modules that import each other's types are one module split in two (and a type
// import turns into a value import with one edit). The graph of web/src is read once per lint run
// with TypeScript's import scanner; `@/` is web/src, as in tsconfig.json.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import ts from 'typescript'

const SRC = resolve(import.meta.dirname, 'src')
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

const isFile = (path) => {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/** The file a specifier names, or undefined (a package, CSS, a file outside src). */
function resolveImport(from, specifier) {
  const bare = specifier.replace(/\?.*$/, '')
  let base
  if (bare.startsWith('@/')) base = join(SRC, bare.slice(2))
  else if (bare.startsWith('.')) base = resolve(dirname(from), bare)
  else return undefined
  for (const ext of EXTENSIONS) {
    const file = base + ext
    if (/\.tsx?$/.test(file) && isFile(file)) return file
  }
  return undefined
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** Each file's strongly connected component (Tarjan): files in one of more than one file form a cycle. */
function components(graph) {
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const component = new Map()
  let next = 0
  const visit = (file) => {
    index.set(file, next)
    low.set(file, next)
    next += 1
    stack.push(file)
    onStack.add(file)
    for (const to of graph.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to)
        low.set(file, Math.min(low.get(file), low.get(to)))
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file), index.get(to)))
    }
    if (low.get(file) !== index.get(file)) return
    const members = new Set()
    let member
    do {
      member = stack.pop()
      onStack.delete(member)
      members.add(member)
      component.set(member, members)
    } while (member !== file)
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return component
}

let cached
function project() {
  if (cached) return cached
  const graph = new Map()
  for (const file of sourceFiles(SRC)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets = importedFiles.map((f) => resolveImport(file, f.fileName)).filter(Boolean)
    graph.set(file, new Set(targets))
  }
  cached = { graph, component: components(graph) }
  return cached
}

/** A shortest way back from `from` to `to` inside their component, for the message. */
function pathBack(graph, members, from, to) {
  const previous = new Map([[from, null]])
  const queue = [from]
  while (queue.length > 0) {
    const file = queue.shift()
    if (file === to) break
    for (const next of graph.get(file) ?? [])
      if (members.has(next) && !previous.has(next)) {
        previous.set(next, file)
        queue.push(next)
      }
  }
  const path = []
  for (let file = to; file !== null && file !== undefined; file = previous.get(file)) path.unshift(file)
  return path
}

export const importCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Import cycles, type-only imports and import() included' },
    schema: [],
    messages: { cycle: 'Import cycle (type imports count): {{path}}' },
  },
  create(context) {
    const file = context.physicalFilename
    if (!file.startsWith(SRC)) return {}
    const { graph, component } = project()
    const members = component.get(file)
    if (!members || members.size < 2) return {}
    const check = (node) => {
      const specifier = node.source?.value
      if (typeof specifier !== 'string') return
      const target = resolveImport(file, specifier)
      if (!target || !members.has(target)) return
      const path = [file, ...pathBack(graph, members, target, file)].map((f) => f.slice(SRC.length + 1))
      context.report({ node, messageId: 'cycle', data: { path: path.join(' → ') } })
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      TSImportType: (node) => {
        check({ ...node, source: node.argument.literal ?? node.argument })
      },
    }
  },
}
