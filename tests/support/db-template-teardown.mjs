// The integration project's global teardown: removes the run's template database (db-template.mjs).
export { teardown as default } from "./db-template.mjs";
