// Text that issue 22 is about, for the hostile-input tests: NUL (which PostgreSQL refuses, a 500
// until every schema refused it), the other control characters, format and separator characters,
// put into bodies and query strings that are otherwise valid, so that only a schema stands between
// them and the database.
import fc from "fast-check";

/**
 * NUL (often: it is the one PostgreSQL refuses outright), the other C0 controls, DEL, C1, format
 * and separator characters, a lone surrogate, and `@` (which no new username may hold).
 */
export const troublesomeCharacter = fc.oneof(
  fc.constant("\u0000"),
  fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.constantFrom(
    "@",
    "\u007f",
    "\u0085",
    "\u009f",
    "\u00ad",
    "\u200b",
    "\u200d",
    "\u202e",
    "\u2028",
    "\u2029",
    "\ufeff",
    "\ud800",
  ),
);

/** Text in which troublesome characters are common. */
export const textWithControls = fc.string({
  unit: fc.oneof(fc.string({ minLength: 1, maxLength: 1 }), troublesomeCharacter),
  maxLength: 40,
});

/** `text` with `character` put in at `at` (wrapped to the text's length). */
const insert = (text: string, at: number, character: string) => {
  const i = at % (text.length + 1);
  return text.slice(0, i) + character + text.slice(i);
};

/** Values every call accepts for its fields (unknown fields are dropped by the schemas). */
const PLAUSIBLE = {
  username: "plausible.user",
  identifier: "plausible.user",
  password: "plausible-pass",
  name: "Chanda Mwila",
  email: "",
  phone: "0971234567",
  grade: "3",
  message: "Please add more vegetarian meals.",
  description: "Rice with beans",
  price: "40",
  categories: ["beef"],
  sideDishes: ["Rice"],
  proteinDescriptions: { beef: "Stewed" },
  weekNumbers: [1],
  daysOfWeek: [1],
  supportEmail: "",
  whatsappNumber: "0971234567",
  bankTransfer: { bankName: "Zanaco", accountName: "School", accountNumber: "123" },
  enabled: false,
  token: "plausible-token",
  action: "pay",
  transactionId: "plausible-tx",
  transactionStatus: "failed",
  errorDetails: "Declined",
};

/** The text fields of PLAUSIBLE (nested ones by path), where a bad character goes in. */
const TEXT_PATHS: string[][] = Object.entries(PLAUSIBLE).flatMap(([key, value]) =>
  typeof value === "string"
    ? [[key]]
    : Array.isArray(value)
      ? [[key, "0"]]
      : typeof value === "object"
        ? Object.keys(value).map((inner) => [key, inner])
        : [],
);

/**
 * A body valid but for a troublesome character in some of its texts; as a list, a free meal of
 * `student` and `meal` whose protein, side dish and comment carry them.
 */
export const nearlyValidBody = ({ student, meal }: { student: number; meal: number }) =>
  fc
    .record({
      // One to three texts, or all of them (so every field of every call gets one).
      paths: fc.oneof(
        fc.subarray(TEXT_PATHS, { minLength: 1, maxLength: 3 }),
        fc.constant(TEXT_PATHS),
      ),
      at: fc.nat(),
      character: troublesomeCharacter,
      suffix: fc.nat(999_999),
      cart: fc.boolean(),
    })
    .map(({ paths, at, character, suffix, cart }) => {
      const body = structuredClone(PLAUSIBLE) as Record<string, unknown>;
      body.username = body.identifier = `plausible.${suffix}`;
      for (const path of paths) {
        const parent = path
          .slice(0, -1)
          .reduce((o, key) => o[key] as Record<string, unknown>, body);
        const key = path[path.length - 1]!;
        parent[key] = insert(String(parent[key]), at, character);
      }
      // POST /api/orders takes a list: the same texts as a free meal's protein, side and comment.
      const line = {
        menuItemId: meal,
        studentId: student,
        weekNumber: 1 + (suffix % 4),
        dayOfWeek: 1 + (suffix % 5),
        category: (body.categories as string[])[0],
        sideDish: (body.sideDishes as string[])[0],
        comments: body.message,
      };
      return { raw: JSON.stringify(cart ? [line] : body) };
    });

/** A search's query string with a troublesome character in it. */
export const nearlyValidQuery = fc
  .record({ at: fc.nat(), character: troublesomeCharacter })
  .map(({ at, character }) => {
    const text = insert("abcd", at, character);
    const query: Record<string, string> = { page: "1" };
    for (const key of ["search", "q", "parent", "student", "items", "transactionId", "token"]) {
      query[key] = text;
    }
    return query;
  });
