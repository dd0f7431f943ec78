import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";

// Any /api path no route handler serves (issue 43): 404 with the JSON error envelope, for every
// method and caller, never the sign-in page (which app/[...slug] gives other unknown paths).
const API_NOT_FOUND = "API endpoint not found";

const unknownPath = route({ access: "public" }, () => Promise.reject(notFound(API_NOT_FOUND)));

// GET|POST|PUT|PATCH|DELETE /api/<anything unknown> — 404 { message, error }.
export const GET = unknownPath;
export const POST = unknownPath;
export const PUT = unknownPath;
export const PATCH = unknownPath;
export const DELETE = unknownPath;
