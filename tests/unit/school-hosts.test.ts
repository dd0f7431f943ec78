import { hostOfUrl, normalizeHost, requestHost, schoolForHost } from "@/lib/schools/hosts";

// Which school a request belongs to (issue 45): the exact host[:port], as a browser writes it.

const schools = [
  { id: 1, hosts: ["localhost:3000", "canteen.kabulonga.zm"], status: "active" },
  { id: 2, hosts: ["second.localhost:3000", "Canteen.Chengelo.ZM."], status: "active" },
];

describe("finding the school of a host", () => {
  it.each([
    ["localhost:3000", 1],
    ["canteen.kabulonga.zm", 1],
    ["CANTEEN.KABULONGA.ZM", 1],
    ["canteen.kabulonga.zm:443", 1],
    ["second.localhost:3000", 2],
    ["canteen.chengelo.zm", 2],
    ["canteen.chengelo.zm.", 2],
  ])("%s belongs to school %d", (host, id) => {
    expect(schoolForHost(schools, host)?.id).toBe(id);
  });

  it.each([
    "localhost:3001",
    "localhost",
    "third.localhost:3000",
    "kabulonga.zm",
    "evil.example",
    "",
    "canteen.kabulonga.zm/path",
    "user@canteen.kabulonga.zm",
    "canteen.kabulonga.zm\\x",
  ])("%j belongs to no school", (host) => {
    expect(schoolForHost(schools, host)).toBeUndefined();
  });

  it("leaves out only the scheme's own default port", () => {
    expect(normalizeHost("a.zm:80", "http")).toBe("a.zm");
    expect(normalizeHost("a.zm:80", "https")).toBe("a.zm:80");
    expect(normalizeHost("[::1]:3000")).toBe("[::1]:3000");
  });

  it("reads X-Forwarded-Host only behind a trusted proxy", () => {
    const headers = new Headers({
      host: "localhost:3000",
      "x-forwarded-host": "second.localhost:3000",
    });
    expect(requestHost(headers, 0, "http")).toBe("localhost:3000");
    expect(requestHost(headers, 1, "http")).toBe("second.localhost:3000");
    expect(requestHost(new Headers(), 0, "http")).toBeUndefined();
  });

  it("gives the default school APP_URL's host", () => {
    expect(hostOfUrl("http://localhost:3000")).toBe("localhost:3000");
    expect(hostOfUrl("https://canteen.school.zm/")).toBe("canteen.school.zm");
    expect(hostOfUrl("https://canteen.school.zm:8443")).toBe("canteen.school.zm:8443");
  });
});
