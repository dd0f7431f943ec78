"use client";

import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { api, ApiRequestError, NetworkError } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { SettlementDto, SettlementLineError, TakingsLine } from "@/lib/contracts/takings";

// The Takings and Settlement tabs' calls (issue 49): GET /api/revenue/takings, the payments behind
// a figure, and POST /api/revenue/settlement (multipart, so plain fetch).

export type TakingsPeriod = { from: string | null; to: string | null };

function query(values: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  return params.toString();
}

export function useTakings(period: TakingsPeriod) {
  const q = query(period);
  return useQuery({
    queryKey: queryKeys.takings(q),
    queryFn: () => api(q ? `/api/revenue/takings?${q}` : "/api/revenue/takings"),
    retry: 1,
    placeholderData: keepPreviousData,
  });
}

/** The payments behind a figure: a line, a day or both; nothing is asked while neither is chosen. */
export function useTakingsPayments(
  period: TakingsPeriod,
  figure: { line: TakingsLine | null; day: string | null },
) {
  const q = query({ ...period, line: figure.line, day: figure.day });
  return useQuery({
    queryKey: queryKeys.takingsPayments(q),
    queryFn: () => api(`/api/revenue/takings/payments?${q}`),
    enabled: figure.line !== null || figure.day !== null,
    retry: 1,
  });
}

const MATCH_FAILED = "Failed to match the settlement report";

/** A refused report: the server's message and every bad line. */
export class SettlementRefused extends Error {
  constructor(
    message: string,
    readonly lines: SettlementLineError[],
  ) {
    super(message);
  }
}

async function uploadSettlement(file: File): Promise<SettlementDto> {
  let response: Response;
  let text: string;
  try {
    const form = new FormData();
    form.append("file", file);
    response = await fetch("/api/revenue/settlement", {
      method: "POST",
      body: form,
      credentials: "same-origin",
    });
    text = await response.text();
  } catch {
    throw new NetworkError();
  }
  let body: Record<string, unknown> | null = null;
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    body = null;
  }
  if (response.ok) return body as unknown as SettlementDto;
  if (response.status === 422 && typeof body?.message === "string") {
    throw new SettlementRefused(body.message, (body.lines as SettlementLineError[]) ?? []);
  }
  throw new ApiRequestError(response.status, MATCH_FAILED, body);
}

export function useSettlementUpload() {
  return useMutation({ mutationFn: uploadSettlement });
}
