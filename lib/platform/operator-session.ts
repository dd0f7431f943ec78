import "server-only";
import { randomBytes } from "node:crypto";
import { sealData, unsealData } from "iron-session";
import type { NextRequest, NextResponse } from "next/server";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { MAX_SEALED_LENGTH } from "@/lib/auth/unseal-cookie";

// The operator's session (issue 45): its own cookie and its own table. It is no session at any
// school (route() reads only the school's cookie, and only the school's Session rows), and a
// school's session is none here (this reads only this cookie, and only OperatorSession rows).

export type OperatorDto = { id: number; username: string };

const OPERATOR_SESSION_MS = 8 * 60 * 60 * 1000;

type Sealed = { sid?: string; oid?: number };

function cookieName(): string {
  return env().secureCookies ? "__Host-canteen_platform" : "canteen_platform";
}

/** The signed-in operator of this request, or null. Checked against OperatorSession each time. */
export async function currentOperator(req: NextRequest): Promise<OperatorDto | null> {
  const sealed = req.cookies.get(cookieName())?.value;
  if (!sealed || sealed.length > MAX_SEALED_LENGTH) return null;
  let data: Sealed;
  try {
    data = await unsealData<Sealed>(sealed, { password: env().SESSION_SECRET });
  } catch {
    return null;
  }
  if (typeof data.sid !== "string" || typeof data.oid !== "number") return null;
  const db = await getDb();
  const row = await db.operatorSession.findUnique({
    where: { id: data.sid },
    select: {
      operatorId: true,
      expiresAt: true,
      operator: { select: { id: true, username: true } },
    },
  });
  if (!row || row.operatorId !== data.oid || row.expiresAt.getTime() <= Date.now()) return null;
  return row.operator;
}

/** Starts an operator's session: a new row, its id sealed into the platform's cookie. */
export async function startOperatorSession(res: NextResponse, operatorId: number): Promise<void> {
  const sid = randomBytes(32).toString("base64url");
  const db = await getDb();
  await db.operatorSession.create({
    data: { id: sid, operatorId, expiresAt: new Date(Date.now() + OPERATOR_SESSION_MS) },
  });
  const seal = await sealData({ sid, oid: operatorId } satisfies Sealed, {
    password: env().SESSION_SECRET,
    ttl: OPERATOR_SESSION_MS / 1000,
  });
  res.cookies.set(cookieName(), seal, {
    httpOnly: true,
    secure: env().secureCookies,
    sameSite: "strict",
    path: "/",
    maxAge: OPERATOR_SESSION_MS / 1000,
  });
}

/** Ends this browser's operator session: its row is deleted and the cookie cleared. */
export async function endOperatorSession(req: NextRequest, res: NextResponse): Promise<void> {
  const sealed = req.cookies.get(cookieName())?.value;
  if (sealed && sealed.length <= MAX_SEALED_LENGTH) {
    try {
      const data = await unsealData<Sealed>(sealed, { password: env().SESSION_SECRET });
      if (typeof data.sid === "string") {
        const db = await getDb();
        await db.operatorSession.deleteMany({ where: { id: data.sid } });
      }
    } catch {
      // Not a seal of ours: nothing to end.
    }
  }
  res.cookies.set(cookieName(), "", {
    httpOnly: true,
    secure: env().secureCookies,
    sameSite: "strict",
    path: "/",
    maxAge: 0,
  });
}
