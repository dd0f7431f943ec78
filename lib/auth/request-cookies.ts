import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { NextRequest, NextResponse } from "next/server";

// Route handlers read and write cookies through the request they were given, not through
// next/headers: the handler wrapper opens this scope, and sets the written cookies on its response.
// This keeps the handlers plain functions of a Request (callable from tests without a Next server);
// pages, which have no request object, keep using next/headers.

type Written = { name: string; value: string; options: Record<string, unknown> };

export type RequestCookieStore = {
  get: (name: string) => { name: string; value: string } | undefined;
  set: (
    nameOrOptions: string | { name: string; value: string },
    value?: string,
    options?: object,
  ) => void;
  written: Written[];
};

const storage = new AsyncLocalStorage<RequestCookieStore>();

function createStore(req: NextRequest): RequestCookieStore {
  const current = new Map(req.cookies.getAll().map((c) => [c.name, c.value]));
  const written: Written[] = [];
  return {
    written,
    get: (name) => {
      const value = current.get(name);
      return value === undefined ? undefined : { name, value };
    },
    set: (nameOrOptions, value, options) => {
      const entry: Written =
        typeof nameOrOptions === "string"
          ? { name: nameOrOptions, value: value ?? "", options: { ...options } }
          : splitCookie(nameOrOptions);
      current.set(entry.name, entry.value);
      written.push(entry);
    },
  };
}

function splitCookie({ name, value, ...options }: { name: string; value: string }): Written {
  return { name, value, options };
}

export function withRequestCookies<T>(req: NextRequest, run: () => Promise<T>) {
  const store = createStore(req);
  return { store, result: storage.run(store, run) };
}

export function currentRequestCookies(): RequestCookieStore | undefined {
  return storage.getStore();
}

export function applyWrittenCookies(store: RequestCookieStore, response: NextResponse): void {
  for (const { name, value, options } of store.written) {
    response.cookies.set({ name, value, ...options });
  }
}
