import { createHmac } from "node:crypto";
import { describe, expect, it } from "@jest/globals";
import { outcomeOf as smsOutcome } from "@/lib/messaging/africastalking";
import { transportFailure } from "@/lib/messaging/send-outcome";
import { validSignature } from "@/lib/messaging/webhooks";
import { outcomeOf as whatsappOutcome } from "@/lib/messaging/whatsapp";

// What each provider answer means for an outbox row (issue 48, decision 0109), answer by answer,
// and the signature check of WhatsApp's webhook on the raw bytes.

const atAnswer = (recipient: Record<string, unknown>, message = "Sent to 1/1") =>
  JSON.stringify({ SMSMessageData: { Message: message, Recipients: [recipient] } });

describe("Africa's Talking's answers", () => {
  it.each([100, 101, 102])("status %i is sent, with its messageId", (statusCode) => {
    expect(
      smsOutcome(201, atAnswer({ statusCode, status: "Success", messageId: "ATXid_1" })),
    ).toEqual({ kind: "sent", messageId: "ATXid_1" });
  });

  it.each([
    [401, "RiskHold"],
    [402, "InvalidSenderId"],
    [403, "InvalidPhoneNumber"],
    [404, "UnsupportedNumberType"],
    [405, "InsufficientBalance"],
    [406, "UserInBlacklist"],
    [407, "CouldNotRoute"],
  ])("status %i fails for good with its words", (statusCode, status) => {
    expect(smsOutcome(201, atAnswer({ statusCode, status, messageId: "None" }))).toEqual({
      kind: "failed",
      reason: `${status} (${statusCode})`,
    });
  });

  it.each([500, 501, 502])("status %i is retried", (statusCode) => {
    expect(smsOutcome(201, atAnswer({ statusCode, status: "GatewayError" })).kind).toBe("retry");
  });

  it("HTTP 5xx and 429 are retried; a 401 or other 4xx fails with the body's text", () => {
    expect(smsOutcome(503, "Service Unavailable").kind).toBe("retry");
    expect(smsOutcome(429, "Too Many Requests").kind).toBe("retry");
    expect(smsOutcome(401, "The supplied authentication is invalid")).toEqual({
      kind: "failed",
      reason: "The supplied authentication is invalid",
    });
    expect(smsOutcome(400, "").kind).toBe("failed");
  });

  it("a 2xx that cannot be read is retried; no recipient at all fails with the Message", () => {
    expect(smsOutcome(201, "<html>").kind).toBe("retry");
    expect(
      smsOutcome(
        201,
        JSON.stringify({ SMSMessageData: { Message: "InvalidSenderId", Recipients: [] } }),
      ),
    ).toEqual({ kind: "failed", reason: "InvalidSenderId" });
  });
});

describe("WhatsApp's answers", () => {
  const error = (code: number, message: string) => JSON.stringify({ error: { message, code } });

  it("200 with a message id is sent; 200 without one is retried", () => {
    expect(whatsappOutcome(200, JSON.stringify({ messages: [{ id: "wamid.A" }] }))).toEqual({
      kind: "sent",
      messageId: "wamid.A",
    });
    expect(whatsappOutcome(200, "{}").kind).toBe("retry");
  });

  it("131026 is not on WhatsApp; 5xx and 429 are retried; other 4xx fail", () => {
    expect(whatsappOutcome(400, error(131026, "Message undeliverable")).kind).toBe("notOnWhatsApp");
    expect(whatsappOutcome(500, error(1, "An unknown error occurred")).kind).toBe("retry");
    expect(whatsappOutcome(503, "<html>").kind).toBe("retry");
    expect(whatsappOutcome(429, error(130429, "Rate limit hit")).kind).toBe("retry");
    expect(whatsappOutcome(400, error(132001, "Template name does not exist"))).toEqual({
      kind: "failed",
      reason: "Template name does not exist (132001)",
    });
  });
});

describe("a call that got no answer", () => {
  it("is retried, a time-out saying how long it waited", () => {
    const timeout = Object.assign(new Error("aborted"), { name: "TimeoutError" });
    expect(transportFailure(timeout, 10_000)).toEqual({
      kind: "retry",
      reason: "No answer within 10000 ms",
    });
    const refused = new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED") });
    expect(transportFailure(refused, 10_000)).toEqual({
      kind: "retry",
      reason: "Network error: connect ECONNREFUSED",
    });
  });
});

describe("X-Hub-Signature-256", () => {
  const body = new TextEncoder().encode('{"entry":[]}');
  const sign = (secret: string, bytes = body) =>
    `sha256=${createHmac("sha256", secret).update(bytes).digest("hex")}`;

  it("holds only for the HMAC of these exact bytes with this secret", () => {
    expect(validSignature(body, sign("s3cret"), "s3cret")).toBe(true);
    expect(
      validSignature(body, sign("s3cret").toUpperCase().replace("SHA256=", "sha256="), "s3cret"),
    ).toBe(true);
    expect(validSignature(body, sign("other"), "s3cret")).toBe(false);
    expect(
      validSignature(body, sign("s3cret", new TextEncoder().encode('{"entry": []}')), "s3cret"),
    ).toBe(false);
    expect(validSignature(body, null, "s3cret")).toBe(false);
    expect(validSignature(body, "sha256=abc", "s3cret")).toBe(false);
    expect(validSignature(body, sign("s3cret").slice(7), "s3cret")).toBe(false);
  });
});
