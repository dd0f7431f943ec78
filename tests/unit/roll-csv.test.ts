import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { ROLL_MAX_ROWS, ROLL_TEMPLATE_CSV } from "@/lib/contracts/roll";
import { fitsOneSms } from "@/lib/messaging/gsm7";
import { inviteSms } from "@/lib/roll/invites";
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

describe("the same child twice in one file", () => {
  const header =
    "admission_no,child_name,grade,class,guardian1_name,guardian1_email,guardian1_phone," +
    "guardian2_name,guardian2_email,guardian2_phone\n";
  it("is refused when a row without a number has another row's name and first e-mail", () => {
    const result = parseRollCsv(
      header +
        "A1,Mary Zulu,3,,Ann Zulu,ann@example.com,,,,\n" +
        ",mary  zulu,3,,Ann Zulu,ANN@example.com,,,,\n",
    );
    expect(result).toMatchObject({
      ok: false,
      errors: [{ row: 3, column: "child_name", message: "The same child is already on row 2" }],
    });
  });

  it("takes two numbered rows of one name and e-mail as two children (twins named alike)", () => {
    const result = parseRollCsv(
      header +
        "A1,Mary Zulu,3,,Ann Zulu,ann@example.com,,,,\n" +
        "A2,Mary Zulu,3,,Ann Zulu,ann@example.com,,,,\n",
    );
    expect(result.ok).toBe(true);
  });
});

describe("the invitation SMS", () => {
  it("is one GSM-7 message pointing at the e-mail, never the link, for any school and child name", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 120 }),
        fc.string({ maxLength: 120 }),
        fc.emailAddress(),
        (school, child, email) => {
          const text = inviteSms(school, child, email);
          expect(text).not.toBeNull();
          expect(fitsOneSms(text!)).toBe(true);
          expect(text).toMatch(/open the link we e-mailed to /);
          // A mistyped number must not receive what claims the child, nor the whole address.
          expect(text).not.toMatch(/https?:|\/claim|token/);
          expect(text).not.toContain(email);
        },
      ),
    );
  });
});
