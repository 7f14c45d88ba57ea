import { base, en, Faker } from "@faker-js/faker";

export interface DemoFounder {
  name: string | null;
  title: string | null;
  email: string | null;
  /** A profile URL on a reserved domain, or "N/A" as startup-data exports write a missing one. */
  linkedin: string;
  profileUrl: string | null;
}

export interface DemoStartup {
  orgName: string;
  /** The startup's page on the (fictional) startup-data site. */
  orgUrl: string;
  location: string | null;
  fundingType: string;
  moneyRaisedUsd: number;
  /** YYYY-MM-DD, within the year before the seed date. */
  announcedDate: string;
  founders: DemoFounder[];
}

export interface StartupDirectoryOptions {
  /** The seed date: announcement dates fall within the year before it. */
  now: Date;
  seed?: number;
  minStartups?: number;
  minFounders?: number;
}

const HUBS = [
  "San Francisco, California, United States",
  "New York, New York, United States",
  "Boston, Massachusetts, United States",
  "Austin, Texas, United States",
  "Seattle, Washington, United States",
  "Los Angeles, California, United States",
  "Palo Alto, California, United States",
  "Chicago, Illinois, United States",
  "Miami, Florida, United States",
  "Denver, Colorado, United States",
  "Atlanta, Georgia, United States",
  "Washington, District of Columbia, United States",
  "Philadelphia, Pennsylvania, United States",
  "Pittsburgh, Pennsylvania, United States",
  "Salt Lake City, Utah, United States",
  "Ithaca, New York, United States",
  "Toronto, Ontario, Canada",
  "Vancouver, British Columbia, Canada",
  "London, England, United Kingdom",
  "Berlin, Berlin, Germany",
  "Paris, Ile-de-France, France",
  "Amsterdam, North Holland, Netherlands",
  "Stockholm, Stockholm County, Sweden",
  "Tel Aviv, Tel Aviv District, Israel",
  "Singapore, Central Region, Singapore",
  "Bangalore, Karnataka, India",
  "Sydney, New South Wales, Australia",
  "Zurich, Zurich, Switzerland",
];

const NAME_HEADS = [
  "Lumen",
  "Quanta",
  "Nimbus",
  "Atlas",
  "Vector",
  "Helix",
  "Orbit",
  "Kite",
  "Ember",
  "Cobalt",
  "Sable",
  "Fathom",
  "Verve",
  "Juniper",
  "Parallax",
  "Ridge",
  "Tandem",
  "Beacon",
  "Cinder",
  "Drift",
  "Fable",
  "Granite",
  "Harbor",
  "Ion",
  "Jolt",
  "Keystone",
  "Lattice",
  "Mosaic",
  "Nova",
  "Onyx",
  "Pivot",
  "Quill",
  "Relay",
  "Summit",
  "Tidal",
  "Umbra",
  "Vela",
  "Willow",
  "Xeno",
  "Yonder",
  "Zephyr",
  "Arcadia",
  "Bramble",
  "Cypress",
  "Delta",
  "Echo",
  "Flint",
  "Glimmer",
  "Hearth",
  "Iris",
];
const NAME_TAILS = [
  "Labs",
  "AI",
  "Health",
  "Robotics",
  "Bio",
  "Pay",
  "Works",
  "Data",
  "Cloud",
  "Systems",
  "Finance",
  "Energy",
  "Logistics",
  "Security",
  "Analytics",
  "Learning",
  "Foods",
  "Mobility",
  "Space",
  "Markets",
];

/** Funding rounds with a realistic amount range in US dollars. */
const ROUNDS: Array<{ type: string; min: number; max: number; weight: number }> = [
  { type: "Pre-Seed", min: 250_000, max: 2_000_000, weight: 20 },
  { type: "Seed", min: 1_000_000, max: 6_000_000, weight: 35 },
  { type: "Series A", min: 8_000_000, max: 30_000_000, weight: 25 },
  { type: "Series B", min: 25_000_000, max: 80_000_000, weight: 12 },
  { type: "Series C", min: 50_000_000, max: 200_000_000, weight: 8 },
];

const LEAD_TITLES = ["Co-Founder & CEO", "Founder & CEO", "Founder", "CEO & Co-Founder"];
const OTHER_TITLES = [
  "Co-Founder & CTO",
  "Co-Founder & COO",
  "Co-Founder",
  "Co-Founder & Chief Scientist",
  "Co-Founder & CPO",
  "Founding Engineer & Co-Founder",
];

const slug = (value: string) =>
  value
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const DAY_MS = 86_400_000;

/**
 * A deterministic directory of fictional, recently funded startups and their founders.
 * Every site and address uses a reserved `.example` domain. About 15% of founders have no
 * email (the directory's lookup path then answers "none"), a few have no name or no LinkedIn,
 * and a few founders are listed twice so de-duplication has something to do.
 */
export function generateStartupDirectory(options: StartupDirectoryOptions): DemoStartup[] {
  const faker = new Faker({ locale: [en, base], seed: options.seed ?? 20_250_605 });
  const minStartups = options.minStartups ?? 1000;
  const minFounders = options.minFounders ?? 2500;
  const today = Date.UTC(
    options.now.getUTCFullYear(),
    options.now.getUTCMonth(),
    options.now.getUTCDate(),
  );
  const usedNames = new Set<string>();
  const usedPeople = new Set<string>();
  const usedEmails = new Set<string>();
  const startups: DemoStartup[] = [];
  let founderCount = 0;

  const uniqueOrgName = () => {
    for (;;) {
      const name = `${faker.helpers.arrayElement(NAME_HEADS)} ${faker.helpers.arrayElement(NAME_TAILS)}`;
      const candidate = usedNames.has(name.toLowerCase())
        ? `${name} ${faker.helpers.arrayElement(["HQ", "Co", "Group", "Technologies", "Inc"])}`
        : name;
      if (!usedNames.has(candidate.toLowerCase())) {
        usedNames.add(candidate.toLowerCase());
        return candidate;
      }
    }
  };

  while (startups.length < minStartups || founderCount < minFounders) {
    const orgName = uniqueOrgName();
    const orgSlug = slug(orgName);
    const domain = `${orgSlug.replaceAll("-", "")}.example`;
    const round = faker.helpers.weightedArrayElement(
      ROUNDS.map((r) => ({ value: r, weight: r.weight })),
    );
    const amount =
      Math.round(faker.number.int({ min: round.min, max: round.max }) / 50_000) * 50_000;
    const daysAgo = faker.number.int({ min: 0, max: 364 });
    const founderTotal = faker.helpers.weightedArrayElement([
      { value: 1, weight: 12 },
      { value: 2, weight: 38 },
      { value: 3, weight: 35 },
      { value: 4, weight: 15 },
    ]);

    const founders: DemoFounder[] = [];
    for (let i = 0; i < founderTotal; i++) {
      const firstName = faker.person.firstName();
      const lastName = faker.person.lastName();
      let personSlug = slug(`${firstName} ${lastName}`);
      while (usedPeople.has(personSlug))
        personSlug = `${personSlug}-${faker.string.alphanumeric(4).toLowerCase()}`;
      usedPeople.add(personSlug);
      const isUnnamed = faker.number.int(99) < 1;
      const hasLinkedin = faker.number.int(99) >= 3;
      const hasEmail = hasLinkedin && faker.number.int(99) >= 15;
      let emailLocal = faker.helpers.arrayElement([
        slug(firstName).replaceAll("-", ""),
        `${slug(firstName)}.${slug(lastName)}`.replaceAll("-", ""),
        `${slug(firstName)[0]}${slug(lastName).replaceAll("-", "")}`,
      ]);
      if (usedEmails.has(`${emailLocal}@${domain}`)) emailLocal = personSlug.replaceAll("-", ".");
      usedEmails.add(`${emailLocal}@${domain}`);
      founders.push({
        name: isUnnamed ? null : `${firstName} ${lastName}`,
        title:
          faker.number.int(99) < 5
            ? null
            : i === 0
              ? faker.helpers.arrayElement(LEAD_TITLES)
              : faker.helpers.arrayElement(OTHER_TITLES),
        email: hasEmail ? `${emailLocal}@${domain}` : null,
        linkedin: hasLinkedin ? `https://www.linkedin.example/in/${personSlug}` : "N/A",
        profileUrl: `https://startupdata.example/person/${personSlug}`,
      });
    }
    // Exports list some people twice (one row per round or per source): repeat a founder now
    // and then, sometimes without the email, so the directory has duplicates to merge.
    if (faker.number.int(99) < 3) {
      const twin = founders[0];
      founders.push({ ...twin, email: faker.datatype.boolean() ? twin.email : null });
    }

    startups.push({
      orgName,
      orgUrl: `https://startupdata.example/organization/${orgSlug}`,
      location: faker.number.int(99) < 2 ? null : faker.helpers.arrayElement(HUBS),
      fundingType: round.type,
      moneyRaisedUsd: amount,
      announcedDate: new Date(today - daysAgo * DAY_MS).toISOString().slice(0, 10),
      founders,
    });
    founderCount += founderTotal;
  }
  return startups;
}
