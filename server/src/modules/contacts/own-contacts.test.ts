import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createSender,
  createUser,
  generateEmail,
  insertPeople,
  sendEmail,
  sentFrom,
} from "../../../tests/factories";
import { multipartBody, OWN_CSV_MAPPING, ownCsvImportBody } from "../../../tests/files";
import { useTestApp } from "../../../tests/helpers";
import { contacts, creditLedger, userContacts } from "../../db/schema";

const t = useTestApp({ GMAIL_MIN_SPACING_SECONDS: "0" });

type Auth = Record<string, string>;

const addContact = (auth: Auth, payload: object) =>
  t.app.inject({ method: "POST", url: "/api/my-network/contacts", headers: auth, payload });

const importCsv = (auth: Auth, csv: string | Buffer, mapping?: object | string | null) => {
  const body = ownCsvImportBody(csv, mapping);
  return t.app.inject({
    method: "POST",
    url: "/api/my-network/import",
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
};

async function networkOf(auth: Auth) {
  const response = await t.app.inject({ url: "/api/my-network/mine/all", headers: auth });
  return response.json().data as Array<{ id: string; email: string; full_name: string }>;
}

describe("adding a contact by hand", () => {
  it("answers the contact as My Network lists it, free of credits, and refuses a duplicate", async () => {
    const user = await createUser(t);
    const response = await addContact(user.auth, {
      full_name: "  Priya Raman ",
      email: "Priya.Raman@Fund.example",
      title: "Associate",
      company: "Northwind Capital",
      location: "Boston, MA",
      linkedin: "https://www.linkedin.com/in/priya-raman",
    });
    expect(response.statusCode).toBe(201);
    const contact = response.json();
    expect(contact).toMatchObject({
      full_name: "Priya Raman",
      first_name: "Priya",
      last_name: "Raman",
      email: "priya.raman@fund.example",
      title: "Associate",
      company: "Northwind Capital",
      location: "Boston, MA",
      linkedin: "https://www.linkedin.com/in/priya-raman",
      status: "Uncontacted",
      message_count: 0,
    });
    // The list carries the card's fields of the same record.
    const [listed] = await networkOf(user.auth);
    expect(listed.id).toBe(contact.id);
    expect(contact).toMatchObject(listed);
    const charges = await t.deps.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, user.id));
    expect(charges).toEqual([]);

    const again = await addContact(user.auth, {
      full_name: "Priya R",
      email: "PRIYA.raman@fund.example",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe("This contact is already in your network.");
    expect(await networkOf(user.auth)).toHaveLength(1);
  });

  it("refuses bad input with 400 and a detail, saving nothing", async () => {
    const user = await createUser(t);
    const cases = [
      [{ full_name: "", email: "a@b.example" }, "full_name: Enter the contact's full name"],
      [{ full_name: "Ann Lee", email: "not-an-email" }, "email: Enter a valid email address"],
      [{ full_name: "Unknown", email: "u@b.example" }, "Enter the contact's full name"],
      [
        { full_name: "Ann Lee", email: "a@b.example", linkedin: "https://evil.example/x" },
        "linkedin: LinkedIn must be a profile URL like https://www.linkedin.com/in/name",
      ],
      [
        { full_name: "Ann\r\nBcc: x@y.example", email: "a@b.example" },
        "full_name: Must not contain line breaks",
      ],
    ] as const;
    for (const [payload, detail] of cases) {
      const response = await addContact(user.auth, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().detail).toBe(detail);
    }
    expect(await networkOf(user.auth)).toEqual([]);
    expect((await addContact({}, { full_name: "Ann Lee", email: "a@b.example" })).statusCode).toBe(
      401,
    );
  });

  it("stays private: never in the directory, its stats or another user's search", async () => {
    const owner = await createUser(t);
    const other = await createUser(t, { credits: 10 });
    const [directoryPerson] = await insertPeople(t, [{ email: "shared@corp.example" }]);
    // The same address as a directory person, and as another user's own contact: both allowed.
    const mine = await addContact(owner.auth, {
      full_name: "Zebulon Quartz",
      email: "shared@corp.example",
      title: "Technical Recruiter",
      company: "Cloudforge",
      location: "New York, NY",
    });
    expect(mine.statusCode).toBe(201);
    expect(mine.json().id).not.toBe(directoryPerson);
    const theirs = await addContact(other.auth, {
      full_name: "Zeb Q",
      email: "shared@corp.example",
    });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(mine.json().id);

    const directory = await t.app.inject({
      url: "/api/global-contacts/all?q=Zebulon&show_all=true&limit=50",
      headers: other.auth,
    });
    expect(directory.json().contacts).toEqual([]);
    const everyone = await t.app.inject({
      url: "/api/global-contacts/all?show_all=true&limit=1000",
      headers: other.auth,
    });
    const ids = everyone.json().contacts.map((c: { id: string }) => c.id);
    expect(ids).toContain(directoryPerson);
    expect(ids).not.toContain(mine.json().id);

    const search = await t.app.inject({
      url: "/api/my-network/search?job_title=Technical%20Recruiter&location=New%20York&num_results=25",
      headers: other.auth,
    });
    expect(search.statusCode).toBe(200);
    const found = (search.json().data ?? search.json().contacts) as Array<{ full_name: string }>;
    expect(found.map((c) => c.full_name)).not.toContain("Zebulon Quartz");

    const save = await t.app.inject({
      method: "POST",
      url: "/api/global-contacts/save",
      headers: other.auth,
      payload: { contact_id: mine.json().id },
    });
    expect(save.statusCode).toBe(404);
  });

  it("can be emailed like any other contact", async () => {
    const ada = await createSender(t);
    const added = await addContact(ada.auth, {
      full_name: "Grace Hopper",
      email: "grace@navy.example",
      title: "Rear Admiral",
      company: "US Navy",
    });
    const grace = added.json();
    const draft = await generateEmail(t, ada.auth, grace.id, { email_format: "original" });
    expect(draft.statusCode).toBe(200);
    expect(draft.json().body).toContain("US Navy");
    const sent = await sendEmail(t, ada.auth, grace.id, {
      subject: "Hello Grace",
      body: "Hi Grace,\n\nA question about your team.\n\nAda",
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: "sent", contact_status: "Contacted" });
    const [message] = await sentFrom(t, ada.gmail);
    expect(message).toMatchObject({ to: "grace@navy.example", subject: "Hello Grace" });
  });
});

describe("importing a CSV of own contacts", () => {
  it("maps columns, merges duplicates, keeps people without an address, reports refused rows by line", async () => {
    const user = await createUser(t);
    await addContact(user.auth, { full_name: "Already Here", email: "here@corp.example" });
    const csv = [
      "Name,E-mail,Role,Employer,City,Profile,Ignored",
      "Ann Lee,ann@corp.example,Recruiter,Acme,Austin,https://www.linkedin.com/in/ann-lee,x",
      '"Bo, Jr. Park",BO@corp.example,,,,,',
      "Copy Of Ann,Ann@Corp.example,,,,,",
      "No Email,,,,,,",
      "Bad Email,nope,,,,,",
      "Existing,here@corp.example,,,,,",
      ",nameless@corp.example,,,,,",
      "Link Bad,lb@corp.example,,,,https://example.com/lb,",
      "",
    ].join("\r\n");
    const response = await importCsv(user.auth, csv);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      format: "csv",
      label: "CSV",
      imported: 3,
      no_email: 1,
      matched: 0,
      // "Copy Of Ann" (Ann's address) joins Ann; "Existing" adds nothing to Already Here.
      merged: 1,
      unchanged: 1,
      skipped: 2,
      errors: [
        { row: 6, detail: '"nope" is not an email address.' },
        { row: 8, detail: "No name: a contact needs a name." },
        { row: 9, detail: "LinkedIn must be a profile URL like https://www.linkedin.com/in/name" },
      ],
    });
    const network = await networkOf(user.auth);
    expect(network.map((c) => c.full_name)).toEqual([
      "Ann Lee",
      "Bo, Jr. Park",
      "No Email",
      "Already Here",
    ]);
    expect(network[2]).toMatchObject({ email: null, email_available: false });
    expect(network[0]).toMatchObject({
      email: "ann@corp.example",
      title: "Recruiter",
      company: "Acme",
      location: "Austin",
      linkedin: "https://www.linkedin.com/in/ann-lee",
    });
  });

  it("refuses an unusable upload with 400 and a detail, saving nothing", async () => {
    const user = await createUser(t);
    const cases: Array<[string | Buffer, object | string | null, number, string]> = [
      [
        "Name,E-mail\nAnn,ann@x.example\n",
        null,
        400,
        "This CSV is not an export Reachout recognises: choose the columns that hold the name (and the email) to import it.",
      ],
      [
        "Name,E-mail\nAnn,ann@x.example\n",
        "{oops",
        400,
        "Map the CSV's columns: the field mapping must be a JSON object.",
      ],
      [
        "Name,E-mail\nAnn,ann@x.example\n",
        { email: "E-mail" },
        400,
        "Choose the column that holds the name",
      ],
      [
        "Name,Mail\nAnn,ann@x.example\n",
        OWN_CSV_MAPPING,
        400,
        'The CSV has no column named "E-mail" (mapped to email).',
      ],
      [
        'Name,E-mail\n"Ann,ann@x.example\n',
        OWN_CSV_MAPPING,
        400,
        "The file is not a valid CSV (a quote is not closed, line 2).",
      ],
      ["Name,E-mail\n", OWN_CSV_MAPPING, 400, "The file has no contacts under its header row."],
      [
        Buffer.from([0x4e, 0x00, 0x01]),
        OWN_CSV_MAPPING,
        400,
        "This file's text could not be read: save it as CSV UTF-8 (or export it again) and try once more.",
      ],
    ];
    for (const [csv, mapping, status, detail] of cases) {
      const response = await importCsv(user.auth, csv, mapping);
      expect(response.statusCode, detail).toBe(status);
      expect(response.json().detail).toBe(detail);
    }
    const tooMany = [
      "Name,E-mail",
      ...Array.from({ length: 20_001 }, (_, i) => `P ${i},p${i}@x.example`),
    ];
    const big = await importCsv(user.auth, tooMany.join("\n"), {
      full_name: "Name",
      email: "E-mail",
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().detail).toBe(
      "The file has 20,001 contacts; import at most 20,000 at a time.",
    );
    expect(await networkOf(user.auth)).toEqual([]);
  });

  it("saves nothing when the database refuses part of an import", async () => {
    const user = await createUser(t);
    const db = t.deps.database.db;
    // The database refuses the last row (after a first chunk of 500 went in).
    await db.execute(
      `create or replace function fail_own_contact() returns trigger language plpgsql as $$ begin if new.full_name = 'Boom Row' then raise exception 'boom'; end if; return new; end $$`,
    );
    await db.execute(
      "create trigger fail_own_contact before insert on contacts for each row execute function fail_own_contact()",
    );
    try {
      const csv = `Name,E-mail\nFirst Row,first@x.example\n${Array.from({ length: 600 }, (_, i) => `Row ${i},r${i}@x.example`).join("\n")}\nBoom Row,boom@x.example\n`;
      const response = await importCsv(user.auth, csv, { full_name: "Name", email: "E-mail" });
      expect(response.statusCode).toBe(500);
    } finally {
      await db.execute("drop trigger fail_own_contact on contacts");
      await db.execute("drop function fail_own_contact");
    }
    expect(await networkOf(user.auth)).toEqual([]);
    const rows = await db.select().from(contacts).where(eq(contacts.ownerUserId, user.id));
    expect(rows).toEqual([]);
    const saved = await db.select().from(userContacts).where(eq(userContacts.userId, user.id));
    expect(saved).toEqual([]);
  });

  // Its time is measured by `npm run bench:import` (docs/benchmarks.md), not here: CI times nothing.
  it("imports 1,000 rows in one request with every row reported", async () => {
    const user = await createUser(t);
    const lines = ["Name,E-mail,Role,Employer,City,Profile"];
    for (let i = 0; i < 1000; i++) {
      lines.push(
        `Person ${i} Example,person.${i}@alumni.example,Analyst,Firm ${i % 50},New York,https://www.linkedin.com/in/person-${i}`,
      );
    }
    const response = await importCsv(user.auth, lines.join("\n"));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ imported: 1000, skipped: 0, errors: [] });
    const page = await t.app.inject({ url: "/api/my-network/mine?limit=1", headers: user.auth });
    expect(page.json().total).toBe(1000);
    expect(page.json().data[0].full_name).toBe("Person 0 Example");
  });
});

const exportFile = (name: string) =>
  readFileSync(new URL(`../../../../e2e/fixtures/contact-exports/${name}`, import.meta.url));

const importExport = (auth: Auth, name: string, accept?: string) => {
  const body = multipartBody("file", name, exportFile(name), "text/csv");
  return t.app.inject({
    method: "POST",
    url: "/api/my-network/import",
    headers: { ...auth, ...body.headers, ...(accept ? { accept } : {}) },
    payload: body.payload,
  });
};

describe("importing real exports with no mapping", () => {
  it("LinkedIn's Connections.csv: 50 of 50, 35 with no email yet matched to the directory by name and company, nothing doubled on a second import", async () => {
    const user = await createUser(t, { credits: 1 });
    const [soren, mei] = await insertPeople(t, [
      { fullName: "Søren Kierkegaard Holm", company: "Maersk", email: "soren.holm@maersk.example" },
      { fullName: "MEI CHEN", company: "shopee", email: "mei.chen@shopee.example" },
      // Same name, another company: not the same person.
      { fullName: "Hannah Schmidt", company: "Siemens", email: "hannah@siemens.example" },
    ]);
    const first = await importExport(user.auth, "Connections.csv");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      format: "linkedin",
      label: "LinkedIn connections",
      imported: 50,
      no_email: 35,
      matched: 2,
      merged: 0,
      unchanged: 0,
      skipped: 0,
      errors: [],
    });
    const network = await t.app.inject({ url: "/api/my-network/mine/all", headers: user.auth });
    const people = network.json().data as Array<Record<string, unknown>>;
    expect(people).toHaveLength(50);
    expect(people[0]).toMatchObject({ full_name: "Siobhán Ní Bhriain", title: "Data Scientist" });
    const byName = new Map(people.map((person) => [person.full_name, person]));
    expect(byName.get("Søren Kierkegaard Holm")).toMatchObject({
      email: null,
      email_available: true,
    });
    expect(byName.get("Mei Chen")).toMatchObject({ email: null, email_available: true });
    expect(byName.get("Hannah Schmidt")).toMatchObject({ email: null, email_available: false });

    const again = await importExport(user.auth, "Connections.csv");
    expect(again.json()).toMatchObject({ imported: 0, merged: 0, unchanged: 50, errors: [] });

    // Revealing a match costs a credit, like a directory save; the list shows the address.
    const sorenOwn = byName.get("Søren Kierkegaard Holm")?.id as string;
    const before = await t.app.inject({
      url: "/api/my-network/mine?initial_load=true&limit=1000",
      headers: user.auth,
    });
    const etag = String(before.headers.etag);
    const revealed = await t.app.inject({
      method: "POST",
      url: `/api/my-network/contacts/${sorenOwn}/reveal-email`,
      headers: user.auth,
    });
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json()).toMatchObject({
      email: "soren.holm@maersk.example",
      email_available: false,
    });
    const ledger = await t.deps.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, user.id));
    expect(ledger.filter((line) => line.delta === -1)).toHaveLength(1);
    const after = await t.app.inject({
      url: "/api/my-network/mine?initial_load=true&limit=1000",
      headers: { ...user.auth, "if-none-match": etag },
    });
    expect(after.statusCode).toBe(200);
    const listed = await t.app.inject({ url: "/api/my-network/mine/all", headers: user.auth });
    expect(
      (listed.json().data as Array<{ id: string; email: string }>).find((c) => c.id === sorenOwn)
        ?.email,
    ).toBe("soren.holm@maersk.example");

    const meiOwn = byName.get("Mei Chen")?.id as string;
    const broke = await t.app.inject({
      method: "POST",
      url: `/api/my-network/contacts/${meiOwn}/reveal-email`,
      headers: user.auth,
    });
    expect(broke.statusCode).toBe(402);
    const noMatch = await t.app.inject({
      method: "POST",
      url: `/api/my-network/contacts/${byName.get("Hannah Schmidt")?.id}/reveal-email`,
      headers: user.auth,
    });
    expect(noMatch.statusCode).toBe(409);
    const other = await createUser(t);
    const notTheirs = await t.app.inject({
      method: "POST",
      url: `/api/my-network/contacts/${meiOwn}/reveal-email`,
      headers: other.auth,
    });
    expect(notTheirs.statusCode).toBe(404);
    const directory = await t.app.inject({
      method: "POST",
      url: `/api/my-network/contacts/${mei}/reveal-email`,
      headers: user.auth,
    });
    expect(directory.statusCode).toBe(404);
    expect(soren).toBeTruthy();
  });

  it("merges by address or LinkedIn profile across files: a later export fills in what an earlier one lacked", async () => {
    const user = await createUser(t);
    const older = [
      "First Name,Last Name,URL,Email Address,Company,Position,Connected On",
      "Ann,Lee,https://www.linkedin.com/in/ann-lee/,,Acme,Recruiter,01 Jan 2024",
      "Ann,Lee,http://linkedin.com/in/ann-lee?trk=x,,,,",
    ].join("\n");
    const first = await importCsv(user.auth, older, null);
    expect(first.json()).toMatchObject({ imported: 1, merged: 1, no_email: 1 });
    const google = [
      "First Name,Middle Name,Last Name,Organization Name,Organization Title,Labels,E-mail 1 - Label,E-mail 1 - Value,Website 1 - Label,Website 1 - Value",
      "Ann,,Lee,Acme,Recruiter,* myContacts ::: Mentors,* Work,ann@acme.example ::: ann@home.example,Profile,https://www.linkedin.com/in/ann-lee",
    ].join("\r\n");
    const second = await importCsv(user.auth, google, null);
    expect(second.json()).toMatchObject({ format: "google", imported: 0, merged: 1 });
    const [ann] = await networkOf(user.auth);
    const full = await t.app.inject({
      url: `/api/my-network/contacts/${ann.id}`,
      headers: user.auth,
    });
    expect(full.json()).toMatchObject({
      full_name: "Ann Lee",
      email: "ann@acme.example",
      other_emails: ["ann@home.example"],
      tags: ["Mentors"],
      connected_on: "01 Jan 2024",
      linkedin: "https://www.linkedin.com/in/ann-lee",
    });
    const third = await importCsv(user.auth, google, null);
    expect(third.json()).toMatchObject({ imported: 0, merged: 0, unchanged: 1 });
  });

  it("streams its progress as NDJSON when asked, then the report", async () => {
    const user = await createUser(t);
    const response = await importExport(user.auth, "iphone.vcf", "application/x-ndjson");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/x-ndjson");
    const events = response.body
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(events[0]).toEqual({ progress: { done: 0, total: 3 } });
    expect(events.at(-2)).toEqual({ progress: { done: 3, total: 3 } });
    expect(events.at(-1).result).toMatchObject({ format: "vcard", imported: 3, no_email: 1 });
  });
});
