import { describe, expect, it } from "@jest/globals";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

// The layers of docs/architecture.md, held by the imports themselves: no file or folder imports
// itself back through others, and the pure modules shared by server and client stay pure.

const ROOT = process.cwd();
const SOURCE_DIRS = ["app", "components", "lib"];
const EXTENSIONS = [".ts", ".tsx"];

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const relative = path.posix.join(dir, name);
    if (relative === "lib/generated") continue;
    if (statSync(path.join(ROOT, relative)).isDirectory()) files.push(...sourceFiles(relative));
    else if (EXTENSIONS.some((extension) => name.endsWith(extension))) files.push(relative);
  }
  return files;
}

function resolve(specifier: string, from: string, known: Set<string>): string | undefined {
  let base: string;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  else return undefined;
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), `${base}/index.ts`];
  return candidates.find((candidate) => known.has(candidate));
}

/** Every project file each file imports, statically or with `import()`. */
function importGraph(): Map<string, Set<string>> {
  const files = [...SOURCE_DIRS.flatMap(sourceFiles), "proxy.ts"].filter((f) =>
    existsSync(path.join(ROOT, f)),
  );
  const known = new Set(files);
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(ROOT, file), "utf8"));
    const targets = importedFiles
      .map(({ fileName }) => resolve(fileName, file, known))
      .filter((target): target is string => target !== undefined && target !== file);
    graph.set(file, new Set(targets));
  }
  return graph;
}

/** The groups of nodes that reach each other (Tarjan), those of more than one node. */
function circles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** lib/orders/x.ts → lib/orders; lib/db.ts → lib/db; components/admin/menu/x → its section. */
function folderOf(file: string): string {
  const parts = file.replace(/\.tsx?$/, "").split("/");
  if (parts[0] === "components" && parts[1] === "admin" && parts.length > 3) {
    return parts.slice(0, 3).join("/");
  }
  return parts.slice(0, 2).join("/");
}

function folderGraph(graph: Map<string, Set<string>>): Map<string, Set<string>> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    const edges = folders.get(from) ?? new Set<string>();
    folders.set(from, edges);
    for (const target of targets) if (folderOf(target) !== from) edges.add(folderOf(target));
  }
  return folders;
}

const graph = importGraph();

describe("the import graph", () => {
  it("reads the whole source tree", () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get("lib/api/handler.ts")).toContain("lib/auth/session.ts");
  });

  it("has no file that imports itself back through others", () => {
    expect(circles(graph)).toEqual([]);
  });

  it("has no folder that imports itself back through others", () => {
    expect(circles(folderGraph(graph))).toEqual([]);
  });

  it("keeps lib/contracts pure: it imports only itself, money and the school calendar", () => {
    const pure = /^lib\/(contracts\/|money\.ts$|school-calendar\.ts$)/;
    const outside = [...graph]
      .filter(([file]) => file.startsWith("lib/contracts/"))
      .flatMap(([file, targets]) => [...targets].map((target) => `${file} → ${target}`))
      .filter((edge) => !pure.test(edge.split(" → ")[1]!));
    expect(outside).toEqual([]);
  });

  it("keeps lib/validations on the pure modules alone", () => {
    const pure = /^lib\/(contracts\/|validations\/|money\.ts$|school-calendar\.ts$)/;
    const outside = [...graph]
      .filter(([file]) => file.startsWith("lib/validations/"))
      .flatMap(([file, targets]) => [...targets].map((target) => `${file} → ${target}`))
      .filter((edge) => !pure.test(edge.split(" → ")[1]!));
    expect(outside).toEqual([]);
  });
});
