// Runs once when a server process starts (not during `next build`): opens the database, which on
// the embedded database applies pending migrations and seeds an empty one, and starts the
// background sweeps.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { startServer } = await import("@/lib/server-startup");
  await startServer();
}
