// The schema engine's runtime: Prisma's WebAssembly engine loaded once per process, handed the
// caller's driver adapters and disposing of them afterwards, and an in-memory PGlite for the
// shadow database. lib/migrations/schema-engine.ts holds the operations built on it.

import { readFile } from "node:fs/promises";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import type * as EngineGlue from "@prisma/schema-engine-wasm/schema_engine_bg";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";
import { PrismaPGlite } from "pglite-prisma-adapter";

type EngineModule = typeof EngineGlue;

// The diff replays the migrations on a shadow database: a throwaway in-memory PGlite keeps that
// off any server. The engine also opens its "main" connection up front although a diff between
// migrations and a schema file never reads it, and each PGlite costs seconds to boot (it runs
// initdb), so both connections share one instance. pglite-prisma-adapter's own
// connectToShadowDb would open a PGlite it never closes; this one is closed by close().
export class InMemoryPGliteFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = "postgres";
  readonly adapterName = "pglite-in-memory";
  private db: PGlite | undefined;

  connect(): Promise<SqlDriverAdapter> {
    return this.adapter();
  }

  connectToShadowDb(): Promise<SqlDriverAdapter> {
    return this.adapter();
  }

  async close(): Promise<void> {
    await this.db?.close();
    this.db = undefined;
  }

  private adapter(): Promise<SqlDriverAdapter> {
    this.db ??= new PGlite();
    return new PrismaPGlite(this.db).connect();
  }
}

// pglite-prisma-adapter 0.7.2 starts a script (executeScript: every migration and the shadow
// database replay) without awaiting it, so a failing migration is recorded as applied and its
// error escapes as an unhandled rejection. Await the script on the adapter's own PGlite and let
// the adapter's own error mapping run, so the engine sees the failure like any other driver's.
function awaitPGliteScripts(adapter: SqlDriverAdapter): void {
  if (adapter.adapterName !== "pglite-prisma-adapter") return;
  const internals = adapter as SqlDriverAdapter & {
    client?: { exec?: unknown };
    onError?: unknown;
  };
  const client = internals.client;
  const exec = client?.exec;
  const onError = internals.onError;
  if (typeof exec !== "function" || typeof onError !== "function") return;
  adapter.executeScript = async (script: string) => {
    try {
      await exec.call(client, script);
    } catch (error) {
      onError.call(adapter, error);
      throw error;
    }
  };
}

// Hands the engine the caller's connections and disposes of them once it is done: the engine
// never disposes an adapter itself, not even on free(). Left open, a pg pool keeps the process
// alive, and its idle connection keeps holding the session advisory lock that `applyMigrations`
// takes (Prisma's migrate lock), so the next migration run waits until that connection times out.
class TrackedFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider: SqlMigrationAwareDriverAdapterFactory["provider"];
  readonly adapterName: string;
  private readonly open = new Set<SqlDriverAdapter>();

  constructor(private readonly inner: SqlMigrationAwareDriverAdapterFactory) {
    this.provider = inner.provider;
    this.adapterName = inner.adapterName;
  }

  async connect(): Promise<SqlDriverAdapter> {
    return this.track(await this.inner.connect());
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    return this.track(await this.inner.connectToShadowDb());
  }

  async disposeAll(): Promise<void> {
    const adapters = [...this.open];
    this.open.clear();
    await Promise.allSettled(adapters.map((adapter) => adapter.dispose()));
  }

  private track(adapter: SqlDriverAdapter): SqlDriverAdapter {
    awaitPGliteScripts(adapter);
    // Should the engine ever dispose an adapter itself, do not do it a second time (the pg
    // shadow database adapter drops its database on dispose).
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = () => {
      this.open.delete(adapter);
      return dispose();
    };
    this.open.add(adapter);
    return adapter;
  }
}

export async function withEngine<T>(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  datamodels: [string, string][] | undefined,
  run: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const bg = await loadEngineModule();
  const factory = new TrackedFactory(adapterFactory);
  try {
    const engine = await bg.SchemaEngine.new(
      { datamodels },
      ignoreEngineLog,
      bindMigrationAwareSqlAdapterFactory(factory),
    ).catch((error: unknown) => {
      throw engineError(error);
    });
    try {
      return await run(engine).catch((error: unknown) => {
        throw engineError(error);
      });
    } finally {
      engine.free();
    }
  } finally {
    await factory.disposeAll();
  }
}

// The engine logs its progress as JSON lines; the results and errors carry everything we need.
function ignoreEngineLog(): void {}

// The engine's messages end with a Rust span trace ("   0: schema_engine_wasm::...") that helps
// nobody running a migration; keep the human part, and the original error as the cause.
function engineError(error: unknown): Error {
  const raw =
    error instanceof Error
      ? error.message
      : typeof error === "string"
        ? error
        : JSON.stringify(error);
  const message = raw.split(/\n\s*0: /)[0]?.trim() || raw;
  const name = error instanceof Error && error.name !== "Error" ? `${error.name}: ` : "";
  return new Error(`${name}${message}`, { cause: error });
}

let engineModule: Promise<EngineModule> | undefined;

// Instantiated on first use, once per process: it is 5 MB of wasm, and `next build` or a test
// that never migrates should not pay for it. Node 20 cannot `import` a .wasm file, so the
// wasm-bindgen glue is wired to the instance by hand.
function loadEngineModule(): Promise<EngineModule> {
  engineModule ??= (async () => {
    const bg = await import("@prisma/schema-engine-wasm/schema_engine_bg");
    // The package exports only its JS files. The wasm is read from the project's node_modules
    // (every entry point runs from the project root): inside the Next.js bundle, module
    // resolution answers bundle ids, not paths.
    const wasmPath = path.join(
      /*turbopackIgnore: true*/ process.cwd(),
      "node_modules/@prisma/schema-engine-wasm/schema_engine_bg.wasm",
    );
    const bytes = await readFile(wasmPath);
    // The engine arms a 10 s timeout around its database work and never clears it (the glue
    // imports setTimeout but no clearTimeout), which would keep every CLI run and test worker
    // alive for 10 s after the work is done. Unref'd timers still fire while anything else
    // keeps the process busy.
    const glue: Record<string, WebAssembly.ImportValue> = { ...bg };
    for (const name of Object.keys(glue)) {
      if (name.startsWith("__wbg_setTimeout_")) {
        glue[name] = (handler: () => void, ms: number) => setTimeout(handler, ms >>> 0).unref();
      }
    }
    const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": glue });
    bg.__wbg_set_wasm(instance.exports);
    // The one cast: WebAssembly's typings only know an export is some Function, and
    // wasm-bindgen's start export takes no arguments.
    const start = instance.exports.__wbindgen_start as (() => void) | undefined;
    if (typeof start !== "function")
      throw new Error("@prisma/schema-engine-wasm: __wbindgen_start is missing");
    start();
    return bg;
  })().catch((error: unknown) => {
    engineModule = undefined;
    throw error;
  });
  return engineModule;
}
