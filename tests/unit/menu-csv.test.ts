import { describe, expect, it } from "@jest/globals";
import { MENU_CSV_COLUMNS, MENU_CSV_TEMPLATE, parseMenuCsv } from "@/lib/menu/menu-csv";

const HEADER = MENU_CSV_COLUMNS.join(",");
const GOOD =
  'Beef Stew,Hearty,45.5,secondary,"beef, Chicken","beef:Slow-cooked|chicken:Grilled","1,2","1,3,5","milk,Eggs","Rice, Nshima,",yes';

const csv = (...lines: string[]) => [HEADER, ...lines].join("\n") + "\n";

function parsed(text: string) {
  const result = parseMenuCsv(text);
  if (!result.ok) throw new Error(`file refused: ${result.message}`);
  return result;
}

describe("parseMenuCsv: good rows", () => {
  it("turns each column into the menu item's fields", () => {
    const { rows, errors } = parsed(csv(GOOD));
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      {
        line: 2,
        item: {
          name: "Beef Stew",
          description: "Hearty",
          price: "45.50",
          discountPrice: null,
          imageUrl: null,
          type: "secondary",
          categories: ["beef", "chicken"],
          proteinDescriptions: { beef: "Slow-cooked", chicken: "Grilled" },
          weekNumbers: [1, 2],
          daysOfWeek: [1, 3, 5],
          allergens: ["Milk", "Eggs"],
          sideDishes: ["Rice", "Nshima"],
          isAvailable: true,
        },
        has: { imageUrl: false, discountPrice: false },
      },
    ]);
  });

  it.each([
    ["1-5", [1, 2, 3, 4, 5]],
    ["Mon,Wed,fri", [1, 3, 5]],
    ["MON-thu", [1, 2, 3, 4]],
    ["Tues, Thursday", [2, 4]],
    ["5,1,1", [1, 5]],
  ])("reads the days %s", (cell, days) => {
    const { rows, errors } = parsed(csv(`Meal,,10,,beef,,1,"${cell}",,,`));
    expect(errors).toEqual([]);
    expect(rows[0]?.item.daysOfWeek).toEqual(days);
  });

  it.each(["Sat", "Mo", "5-1", "1-6", "mon-sun"])("refuses the days %s", (cell) => {
    const { errors } = parsed(csv(`Meal,,10,,beef,,1,"${cell}",,,`));
    expect(errors).toEqual(["Row 2: Days must be between 1 (Monday) and 5 (Friday)"]);
  });

  it("applies the defaults: type secondary, available, no allergens ('none'), no sides", () => {
    const { rows } = parsed(
      csv("Plain,,10,,chicken,,1,2,none,,", "Other,,0,PRIMARY,fish,,6,5,,,no"),
    );
    expect(rows[0]?.item).toMatchObject({
      description: null,
      price: "10.00",
      type: "secondary",
      allergens: [],
      sideDishes: [],
      isAvailable: true,
      proteinDescriptions: {},
    });
    expect(rows[1]?.item).toMatchObject({ type: "primary", price: "0.00", isAvailable: false });
  });

  it.each([
    ["true", true],
    ["FALSE", false],
    ["Yes", true],
    ["no", false],
    ["1", true],
    ["0", false],
  ])("reads isAvailable %s", (cell, expected) => {
    const { rows } = parsed(csv(`Meal,,10,,beef,,1,1,,,${cell}`));
    expect(rows[0]?.item.isAvailable).toBe(expected);
  });

  it("keeps commas, quotes, line breaks and HTML inside quoted fields", () => {
    const { rows, errors } = parsed(
      csv(
        '"Rice, beans & <b>stew</b>","He said ""hot""\nand spicy",12.00,primary,beef,"beef:a: b",1,1,,,true',
        "Next,,5,,beef,,1,1,,,",
      ),
    );
    expect(errors).toEqual([]);
    expect(rows[0]).toMatchObject({
      line: 2,
      item: {
        name: "Rice, beans & <b>stew</b>",
        description: 'He said "hot"\nand spicy',
        proteinDescriptions: { beef: "a: b" },
      },
    });
    // The quoted description spans lines 2 and 3, so the next record starts on line 4.
    expect(rows[1]?.line).toBe(4);
  });

  it("reads a file with a byte order mark and CRLF line breaks (Excel)", () => {
    const text = "\uFEFF" + [HEADER, GOOD, "Bad,,abc,,beef,,1,1,,,"].join("\r\n") + "\r\n";
    const { rows, errors } = parsed(text);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.item.name).toBe("Beef Stew");
    expect(errors).toEqual([
      "Row 3: Price must be a valid positive number with up to 2 decimal places",
    ]);
  });

  it("skips blank lines but counts them in the row numbers", () => {
    const { rows, errors } = parsed(csv("", GOOD, "   ", "Bad,,1,,,,1,1,,,"));
    expect(rows.map((r) => r.line)).toEqual([3]);
    expect(errors).toEqual(["Row 5: Select at least one category"]);
  });

  it("accepts the columns in any order and case, plus imageUrl and discountPrice", () => {
    const text =
      "Price,NAME,weeknumbers,daysOfWeek,categories,imageUrl,discountPrice\n" +
      "20,Wrap,3,2,fish,https://example.com/wrap.png,15.5\n";
    const { rows, errors } = parsed(text);
    expect(errors).toEqual([]);
    expect(rows[0]?.item).toMatchObject({
      name: "Wrap",
      price: "20.00",
      discountPrice: "15.50",
      imageUrl: "https://example.com/wrap.png",
    });
  });

  it("offers a template that parses to one good row", () => {
    const { rows, errors } = parsed(MENU_CSV_TEMPLATE);
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(1);
    expect(MENU_CSV_TEMPLATE.split(/\r?\n/)[0]).toBe(HEADER);
  });
});

describe("parseMenuCsv: counter items (issue 47)", () => {
  it("reads a counter row without proteins, weeks or days, and leaves its cap alone", () => {
    const { rows, errors } = parsed(csv("Mango Juice,,8.50,counter,,,,,,,"));
    expect(errors).toEqual([]);
    expect(rows[0]?.item).toMatchObject({
      name: "Mango Juice",
      type: "counter",
      categories: [],
      weekNumbers: [],
      daysOfWeek: [],
    });
    expect(rows[0]?.item.dailyCap).toBeUndefined();
  });
});

describe("parseMenuCsv: bad rows", () => {
  it.each([
    ["no name", ",,10,,beef,,1,1,,,", "Name is required"],
    ["a long name", `${"x".repeat(121)},,10,,beef,,1,1,,,`, "Name must be at most 120 characters"],
    ["a text price", "M,,abc,,beef,,1,1,,,", "Price must be a valid positive number"],
    ["a negative price", "M,,-1,,beef,,1,1,,,", "Price must be a valid positive number"],
    ["three decimals", "M,,1.234,,beef,,1,1,,,", "Price must be a valid positive number"],
    ["no price", "M,,,,beef,,1,1,,,", "Price must be a valid positive number"],
    [
      "an unknown type",
      "M,,10,tertiary,beef,,1,1,,,",
      "Type must be primary, secondary or counter",
    ],
    ["no category", "M,,10,,,,1,1,,,", "Select at least one category"],
    ["no week", "M,,10,,beef,,,1,,,", "Select at least one week"],
    ["week 7", "M,,10,,beef,,7,1,,,", "Weeks must be between 1 and 6"],
    ["week text", 'M,,10,,beef,,"1,two",1,,,', "Weeks must be between 1 and 6"],
    ["no day", "M,,10,,beef,,1,,,,", "Select at least one day"],
    ["day 6", "M,,10,,beef,,1,6,,,", "Days must be between 1 (Monday) and 5 (Friday)"],
    ["day 0", "M,,10,,beef,,1,0,,,", "Days must be between 1 (Monday) and 5 (Friday)"],
    ["an unknown allergen", "M,,10,,beef,,1,1,Gluten,,", "Unknown allergen: Gluten"],
    ["a broken protein pair", "M,,10,,beef,beef-stew,1,1,,,", "protein:text pairs"],
    ["a bad availability", "M,,10,,beef,,1,1,,,maybe", "isAvailable must be true or false"],
    ["too many columns", "M,,10,,beef,,1,1,,,true,extra", "expected 11 columns but found 12"],
    ["too few columns", "M,,10,,beef", "expected 11 columns but found 5"],
  ])("reports %s as Row 2 with its reason", (_label, line, reason) => {
    const { rows, errors } = parsed(csv(line));
    expect(rows).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^Row 2: /);
    expect(errors[0]).toContain(reason);
  });

  it("reports an unclosed quote", () => {
    const { errors } = parsed(csv(GOOD, '"Unclosed,,10,,beef,,1,1,,,'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^Row 3: /);
  });

  it("reports each bad row with its own line and every reason of each", () => {
    const other = GOOD.replace("Beef Stew", "Fish Fry");
    const { rows, errors, badRows } = parsed(
      csv(GOOD, "M,,x,,beef,,9,1,,,", other, ",,1,,,,1,Sun,,,", "beef stew,,1,,beef,,1,1,,,"),
    );
    expect(rows.map((r) => r.line)).toEqual([2, 4]);
    expect(errors).toEqual([
      "Row 3: Price must be a valid positive number with up to 2 decimal places",
      "Row 3: Weeks must be between 1 and 6",
      "Row 5: Name is required",
      "Row 5: Days must be between 1 (Monday) and 5 (Friday)",
      "Row 5: Select at least one category",
      "Row 6: the same name is already on row 2",
    ]);
    expect(badRows).toBe(3);
  });
});

describe("parseMenuCsv: files it refuses", () => {
  it.each([
    ["an empty file", "", "The CSV file is empty."],
    ["a header only", `${HEADER}\n`, "The CSV file has no menu items."],
    ["missing columns", "name,description\nA,B\n", "missing the columns: price, categories"],
  ])("refuses %s", (_label, text, message) => {
    const result = parseMenuCsv(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(message);
  });

  it("refuses more than 2000 rows", () => {
    const result = parseMenuCsv(csv(...Array.from({ length: 2001 }, () => GOOD)));
    expect(result.ok).toBe(false);
  });
});
