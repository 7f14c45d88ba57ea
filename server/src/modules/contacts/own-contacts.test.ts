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
import { OWN_CSV_MAPPING, ownCsvImportBody } from "../../../tests/files";
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
