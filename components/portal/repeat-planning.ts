// What "Repeat last week" fetches on its first press (components/portal/repeat-last-week.tsx): the
// planning and its note in one module, so in one chunk. Two separate import()s put
// lib/client/repeat-orders.ts in two chunks, since the note imports it too.
export { planRepeatLastWeek } from "@/lib/client/repeat-orders";
export { RepeatNote, repeatSummary } from "@/components/portal/repeat-note";
