import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  ContactFileError,
  decodeContactFile,
  describeContactFile,
  readContactFile,
} from "./contact-files";

const fixture = (name: string) =>
  new Uint8Array(
    readFileSync(new URL(`../../e2e/fixtures/contact-exports/${name}`, import.meta.url)),
  );
const utf8 = (text: string) => new TextEncoder().encode(text);
const read = (text: string, name = "contacts.csv") => readContactFile(utf8(text), name);

describe("LinkedIn Connections.csv", () => {
  it("skips the Notes preamble and blank line, names people in full, keeps lines of the file", () => {
    const reading = readContactFile(fixture("Connections.csv"), "Connections.csv");
    expect(describeContactFile(reading)).toBe("LinkedIn connections · 50 people");
    expect(reading.columns).toEqual([
      "First Name",
      "Last Name",
      "URL",
      "Email Address",
      "Company",
      "Position",
      "Connected On",
    ]);
    expect(reading.people.filter((person) => person.emails.length > 0)).toHaveLength(15);
    expect(reading.people[0]).toMatchObject({
      line: 5,
      fullName: "Siobhán Ní Bhriain",
      title: "Data Scientist",
      company: "Kerry Analytics",
      connectedOn: "01 Jan 2019",
    });
    expect(reading.people[1]).toMatchObject({
      company: "Banco Andino, S.A.",
      title: "Director, Corporate Finance",
    });
    expect(reading.people[4].company).toBe('The "Best" Consultancy');
    expect(reading.people[49].line).toBe(54);
  });

  it("reads every header version: with and without URL, and without Email Address", () => {
    const versions = [
      "First Name,Last Name,URL,Email Address,Company,Position,Connected On\nAda,Lovelace,https://www.linkedin.com/in/ada,ada@x.example,Analytical,Engineer,01 Jan 2024\n",
      "First Name,Last Name,Email Address,Company,Position,Connected On\nAda,Lovelace,ada@x.example,Analytical,Engineer,01/01/18\n",
      "First Name,Last Name,URL,Company,Position,Connected On\nAda,Lovelace,https://www.linkedin.com/in/ada,Analytical,Engineer,01 Jan 2024\n",
      '"First Name","Last Name","Company","Position","Connected On"\r\n"Ada","Lovelace","Analytical","Engineer","01 Jan 2024"\r\n',
    ];
    for (const text of versions) {
      const reading = read(text, "Connections.csv");
      expect(reading.format, text).toBe("linkedin");
      expect(reading.people[0]).toMatchObject({
        fullName: "Ada Lovelace",
        title: "Engineer",
        company: "Analytical",
      });
    }
    expect(readContactFile(fixture("Connections-2019.csv"), "c.csv").people).toHaveLength(6);
  });
});

describe("Google and Outlook", () => {
  it("reads Google's current export: first, middle and last names, ::: lists, labels as tags", () => {
    const reading = readContactFile(fixture("google-contacts.csv"), "contacts.csv");
    expect(reading.format).toBe("google");
    expect(reading.people[0]).toMatchObject({
      line: 2,
      fullName: "María José Rodríguez",
      title: "Directora de Producto",
      company: "Telefónica, S.A.",
      emails: ["mj.rodriguez@telefonica.example", "mariajose@personal.example"],
      linkedin: "https://www.linkedin.com/in/mjrodriguez",
      tags: ["Mentors"],
      location: "Madrid",
    });
    expect(reading.people[1].emails).toEqual([
      "wei.zhang@bytedance.example",
      "zhangwei@home.example",
    ]);
    expect(reading.people[4]).toMatchObject({ fullName: "Kai Hoffmann", emails: [] });
  });

  it("reads the older Google CSV", () => {
    const reading = readContactFile(fixture("google-legacy.csv"), "google.csv");
    expect(reading.format).toBe("google_legacy");
    expect(reading.people.map((person) => [person.fullName, person.title, person.company])).toEqual(
      [
        ["Sofía Herrera", "Staff Engineer, Platform", "Globant"],
        ["Ярослав Ковальчук", "Linguist", "Grammarly"],
        ["Thandiwe Nkosi", "Actuarial Analyst", "Discovery Ltd"],
      ],
    );
    expect(reading.people[1].emails).toHaveLength(2);
  });

  it("reads Outlook's CSV: Job Title (not the honorific Title), three e-mail columns, Business City", () => {
    const reading = readContactFile(fixture("outlook.csv"), "outlook.csv");
    expect(reading.format).toBe("outlook");
    expect(reading.people[0]).toMatchObject({
      fullName: "Renée Laurent",
      title: "Chief of Staff, CEO Office",
      company: "AXA",
      emails: ["renee.laurent@axa.example", "renee@home.example"],
      location: "Paris",
    });
    expect(reading.people.map((person) => person.title)).not.toContain("Dr.");
  });
});

describe("vCard", () => {
  it("reads iPhone 3.0 (item groups, escaped commas, X-SOCIALPROFILE) and keeps every address", () => {
    const reading = readContactFile(fixture("iphone.vcf"), "iphone.vcf");
    expect(describeContactFile(reading)).toBe("Phone contacts (vCard) · 3 people");
    expect(reading.people[0]).toMatchObject({
      line: 1,
      fullName: "Siobhán Ní Bhriain",
      company: "Kerry Analytics, Ltd.",
      title: "Lead Data Scientist",
      emails: ["siobhan@kerry-analytics.example", "siobhan.home@eircom.example"],
      location: "Dublin",
      linkedin: "https://www.linkedin.com/in/siobhan-nb",
    });
    expect(reading.people[1]).toMatchObject({ line: 16, fullName: "王芳", company: "腾讯" });
  });

  it("reads iCloud categories, Android 3.0 and 2.1 quoted-printable, and vCard 4.0", () => {
    expect(readContactFile(fixture("icloud.vcf"), "a.vcf").people[0].tags).toEqual([
      "Conference 2025",
      "Security",
    ]);
    const android = readContactFile(fixture("android.vcf"), "a.vcf").people;
    expect(android.map((person) => [person.fullName, person.company])).toEqual([
      ["Kwame Mensah", "MTN Group"],
      ["Lucía Gómez", "Telefónica"],
    ]);
    const v4 = readContactFile(fixture("contacts-v4.vcf"), "a.vcf").people[0];
    expect(v4).toMatchObject({
      fullName: "Ingrid Solberg",
      emails: ["ingrid.solberg@equinor.example", "ingrid@privat.example"],
      linkedin: "https://www.linkedin.com/in/ingrid-solberg",
      location: "Stavanger",
    });
  });
});

describe("vCard refusals", () => {
  it("reads 2.1's bare types and blank-line-ended base64, and refuses only the card it cannot read", () => {
    const text = [
      "BEGIN:VCARD",
      "VERSION:2.1",
      "N:Doe;Jane;;;",
      "FN:Jane Doe",
      "TEL;CELL;PREF:+1555",
      "EMAIL;HOME:jane@x.example",
      "ORG:Acme",
      "PHOTO;ENCODING=BASE64;JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD",
      "  /2wBDAAgGBgcGBQgHBwcJCQgK",
      "",
      "END:VCARD",
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:Broken",
      'EMAIL;TYPE="unclosed:bad@x.example',
      "END:VCARD",
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:Ok Person",
      "EMAIL;TYPE=INTERNET:ok@x.example",
      "END:VCARD",
    ].join("\r\n");
    const reading = readContactFile(utf8(text), "contacts.vcf");
    expect(reading.people.map((person) => [person.line, person.fullName, person.company])).toEqual([
      [1, "Jane Doe", "Acme"],
      [17, "Ok Person", null],
    ]);
    expect(reading.errors).toEqual([{ line: 12, detail: "This vCard could not be read." }]);
  });
});

describe("encodings", () => {
  const text =
    "First Name,Last Name,Company,Position,Connected On\r\nZoë,Brønsted,Café Ñandú,Ingeniør,01 Jan 2024\r\n";
  it("decodes UTF-8 with and without a BOM, UTF-16 LE and BE (BOM or not), and Windows-1252", () => {
    const le = Buffer.from(text, "utf16le");
    const be = Buffer.from(le).swap16();
    const cases: Array<[Uint8Array, string]> = [
      [utf8(text), "utf-8"],
      [new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)]), "utf-8"],
      [new Uint8Array([0xff, 0xfe, ...le]), "utf-16le"],
      [new Uint8Array([0xfe, 0xff, ...be]), "utf-16be"],
      [new Uint8Array(le), "utf-16le"],
      [new Uint8Array(Buffer.from(text, "latin1")), "windows-1252"],
    ];
    for (const [bytes, encoding] of cases) {
      const decoded = decodeContactFile(bytes);
      expect(decoded.encoding).toBe(encoding);
      expect(decoded.text).toBe(text);
    }
  });

  it("reads Windows-1252's 0x80-0x9F letters (Š, Œ, €) and Excel's tab-separated Unicode text", () => {
    const ansi = readContactFile(fixture("outlook-windows-1252.csv"), "outlook.csv");
    expect(ansi.encoding).toBe("windows-1252");
    expect(ansi.people.map((person) => person.company)).toContain("Øresund Š.A.");
    expect(ansi.people[0].fullName).toBe("Hélène Bérubé");
    const unicode = readContactFile(fixture("linkedin-unicode-text.txt"), "c.txt");
    expect(unicode.encoding).toBe("utf-16le");
    expect(unicode.people[6].fullName).toBe("Ελένη Παπαδοπούλου");
  });

  it("refuses what cannot be decoded instead of garbling it", () => {
    const refused = [
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      new Uint8Array([0x4e, 0x00, 0x01]),
      new Uint8Array([0xff, 0xfe, 0x00, 0xd8, 0x41, 0x00]),
      new Uint8Array([...utf8("Name\r\nAnn"), 0x81, 0x8d, 0x9d]),
    ];
    for (const bytes of refused) {
      expect(() => decodeContactFile(bytes)).toThrow(ContactFileError);
    }
    expect(() => decodeContactFile(new Uint8Array())).toThrow("The file is empty.");
  });
});

describe("any other CSV", () => {
  const csv =
    "Given,Family,Mail,Org\nAnn,Lee,ann@x.example,Acme\n\nBo,Park,,\n,,nobody@x.example,\nCy,Xu,bad,\n";
  it("needs a mapping, then builds a name from several columns and numbers rows by file line", () => {
    expect(read(csv)).toMatchObject({
      format: "csv",
      people: [],
      headers: ["Given", "Family", "Mail", "Org"],
    });
    const mapped = readContactFile(utf8(csv), "x.csv", {
      full_name: ["Given", "Family"],
      email: "Mail",
      company: "Org",
    });
    expect(mapped.people.map((person) => [person.line, person.fullName, person.emails])).toEqual([
      [2, "Ann Lee", ["ann@x.example"]],
      [4, "Bo Park", []],
    ]);
    expect(mapped.errors).toEqual([
      { line: 5, detail: "No name: a contact needs a name." },
      { line: 6, detail: '"bad" is not an email address.' },
    ]);
  });

  it("uses the first valid address of a cell of several and keeps the others", () => {
    const reading = readContactFile(
      utf8("Name,Email\nAnn,not-one; ann@x.example ; ann@y.example\n"),
      "x.csv",
      {
        full_name: "Name",
        email: "Email",
      },
    );
    expect(reading.people[0].emails).toEqual(["ann@x.example", "ann@y.example"]);
  });
});
