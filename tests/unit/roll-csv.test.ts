import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { ROLL_MAX_ROWS, ROLL_TEMPLATE_CSV } from "@/lib/contracts/roll";
import { fitsOneSms } from "@/lib/messaging/gsm7";
import { claimLink, inviteSms } from "@/lib/roll/invites";
import { parseRollCsv, toGrade } from "@/lib/roll/parse";

// The roll's CSV (issue 49, decision 0120), pure: the template parses, keys find a child again,
// lines count records not physical lines, and every invitation SMS is one message.

describe("parseRollCsv", () => {
  it("reads the template's example row", () => {
    const result = parseRollCsv(ROLL_TEMPLATE_CSV);
    expect(result).toEqual({
      ok: true,
      rows: [
        {
          line: 2,
          key: "no:a1023",
          nameKey: "nm:chilufya banda|mwila.banda@example.com",
          name: "Chilufya Banda",
          grade: "3",
          className: "3B",
          guardians: [
            {
              slot: 1,
              name: "Mwila Banda",
              email: "mwila.banda@example.com",
              phone: "+260977123456",
            },
            { slot: 2, name: "Joseph Banda", email: null, phone: null },
          ],
        },
      ],
    });
  });

  it("keys a child without an admission number by its name and first e-mail, whatever the case", () => {
    const result = parseRollCsv(
      "Child Name,Grade,Guardian1 Name,Guardian1 Email\n" +
        "  Bupe   PHIRI ,grade 12,N Phiri,N.Phiri@Example.com\n",
    );
    expect(result.ok && result.rows[0]).toMatchObject({
      key: "nm:bupe phiri|n.phiri@example.com",
      grade: "12",
      line: 2,
    });
  });

  it("points at the line a record starts on when a quoted field spans lines", () => {
    const result = parseRollCsv(
      'child_name,grade,guardian1_name,guardian1_email\nA,3,"Mrs\nB",a@example.com\nC,99,D,d@example.com\n',
    );
    expect(result).toEqual({
      ok: false,
      errors: [{ row: 4, column: "grade", message: expect.stringContaining("Not a grade") }],
    });
  });

  it("refuses an empty file and a file with too many children", () => {
    expect(parseRollCsv("")).toMatchObject({ ok: false, errors: [{ row: 1, column: "file" }] });
    const many =
      "child_name,grade,guardian1_name,guardian1_email\n" +
      Array.from({ length: ROLL_MAX_ROWS + 1 }, (_, i) => `C${i},3,G,g${i}@example.com`).join("\n");
    expect(parseRollCsv(many)).toMatchObject({ ok: false, errors: [{ row: 1, column: "file" }] });
  });

  it("knows every grade and nothing else", () => {
    expect(["ELC", "k", "Grade 1", "12"].map(toGrade)).toEqual(["ELC", "K", "1", "12"]);
    expect(["13", "teacher", "", "Grade"].map(toGrade)).toEqual([null, null, null, null]);
  });
});

describe("the invitation SMS", () => {
  it("is one GSM-7 message with the whole link, for any school and child name", () => {
    const link = claimLink("https://st-marys-secondary.canteen.example.zm", "A".repeat(32));
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), fc.string({ maxLength: 120 }), (school, child) => {
        const text = inviteSms(school, child, link);
        expect(text).not.toBeNull();
        expect(fitsOneSms(text!)).toBe(true);
        expect(text!.endsWith(link)).toBe(true);
      }),
    );
  });
});
