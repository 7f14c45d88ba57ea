import { base, en, Faker } from "@faker-js/faker";
import {
  COMPANY_SIZES,
  DIRECTORY_ORGANIZATIONS,
  FINANCIAL_INDUSTRIES,
  HIRING_TITLES,
  INTERESTS,
  REVENUE_RANGES,
  ROLE_CATEGORIES,
  type RoleCategory,
  UNIVERSITIES,
} from "@reachout/contract";

/** One fictional person of the global contacts database (camelCase, as the server inserts it). */
export interface DemoContact {
  fullName: string;
  firstName: string;
  lastName: string;
  title: string;
  company: string | null;
  industry: string | null;
  location: string;
  education: string;
  university: string;
  interests: string[];
  /** Always at a reserved `.example` domain; null for the few people without a known address. */
  email: string | null;
  linkedin: string;
  personProfileUrl: string | null;
  profilePictureUrl: string | null;
  roleCategory: RoleCategory | null;
  companySize: string | null;
  revenueRange: string | null;
  isHiring: boolean;
  isStudent: boolean;
}

/**
 * Contacts are generated in blocks of this many from one seed per block: seeding faker costs
 * about 30 µs, too much to pay per person for a million people, while a block keeps any index
 * reproducible on its own.
 */
const BLOCK = 500;
const CONTACT_SEED = 20_250_605;
const STUDENT_SEED = 90_000_000;

const INDUSTRIES_BY_CATEGORY: Record<RoleCategory, string[]> = {
  "Investment Banking & Finance": [...FINANCIAL_INDUSTRIES],
  Consulting: ["management consulting"],
  "Technology - Data Science & AI": [
    "artificial intelligence",
    "technology",
    "software",
    "healthcare",
    "fintech",
  ],
  "Technology - Software Engineering": ["software", "technology", "e-commerce", "fintech", "media"],
  "Technology - Product & Design": ["technology", "software", "e-commerce", "media", "healthcare"],
};

/** Peers and seniors who also answer students, beside the hiring titles of each category. */
const OTHER_TITLES: Record<RoleCategory, string[]> = {
  "Investment Banking & Finance": [
    "Investment Banking Analyst",
    "Analyst",
    "Senior Analyst",
    "Vice President",
    "Portfolio Manager",
  ],
  Consulting: ["Consultant", "Senior Consultant", "Business Analyst", "Associate Partner"],
  "Technology - Data Science & AI": [
    "Data Scientist",
    "Senior Data Scientist",
    "Machine Learning Engineer",
    "Data Analyst",
  ],
  "Technology - Software Engineering": [
    "Software Engineer",
    "Senior Software Engineer",
    "Staff Engineer",
    "Software Engineering Manager",
  ],
  "Technology - Product & Design": [
    "Product Manager",
    "Senior Product Designer",
    "UX Researcher",
    "Product Analyst",
  ],
};

const FOUNDER_TITLES = ["Founder", "Co-Founder & CEO", "Founder & CTO", "Managing Partner"];

/** [city, weight]: New York is the default search location, so it holds the most people. */
const LOCATIONS: Array<[string, number]> = [
  ["New York, NY", 22],
  ["San Francisco, CA", 10],
  ["Boston, MA", 6],
  ["Chicago, IL", 6],
  ["Seattle, WA", 5],
  ["Austin, TX", 4],
  ["Los Angeles, CA", 4],
  ["Washington, DC", 3],
  ["Atlanta, GA", 2],
  ["Denver, CO", 2],
  ["Miami, FL", 2],
  ["Charlotte, NC", 2],
  ["London, United Kingdom", 8],
  ["Paris, France", 3],
  ["Berlin, Germany", 3],
  ["Frankfurt, Germany", 2],
  ["Amsterdam, Netherlands", 2],
  ["Zurich, Switzerland", 2],
  ["Dublin, Ireland", 2],
  ["Madrid, Spain", 1],
  ["Milan, Italy", 1],
  ["Stockholm, Sweden", 1],
];

const DEGREES = [
  "B.A. Economics",
  "B.S. Computer Science",
  "B.S. Finance",
  "MBA",
  "M.S. Data Science",
  "B.A. Design",
  "B.S. Mathematics",
  "M.Eng. Computer Science",
  "B.S. Statistics",
  "B.A. Political Science",
];

const STUDENT_PROGRAMS = [
  "SC Johnson College of Business, B.S. Applied Economics and Management",
  "SC Johnson College of Business, B.S. Hotel Administration",
  "Johnson Graduate School of Management, MBA",
  "Dyson School of Applied Economics and Management, B.S.",
];

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

const newFaker = () => new Faker({ locale: [en, base] });

function weighted<T>(faker: Faker, items: Array<[T, number]>): T {
  return faker.helpers.weightedArrayElement(items.map(([value, weight]) => ({ value, weight })));
}

function person(faker: Faker) {
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  return { firstName, lastName, fullName: `${firstName} ${lastName}` };
}

function professional(faker: Faker, index: number): DemoContact {
  const { firstName, lastName, fullName } = person(faker);
  const roleCategory = faker.helpers.arrayElement(ROLE_CATEGORIES);
  const kind = faker.number.float();
  const title =
    kind < 0.68
      ? faker.helpers.arrayElement(HIRING_TITLES[roleCategory])
      : kind < 0.92
        ? faker.helpers.arrayElement(OTHER_TITLES[roleCategory])
        : faker.helpers.arrayElement(FOUNDER_TITLES);
  const company =
    faker.number.float() < 0.8
      ? faker.helpers.arrayElement(DIRECTORY_ORGANIZATIONS[roleCategory])
      : faker.company.name();
  const university = faker.helpers.arrayElement(UNIVERSITIES);
  const handle = `${slug(firstName)}-${slug(lastName)}-${index}`;
  const hasEmail = faker.number.float() < 0.9;
  return {
    fullName,
    firstName,
    lastName,
    title,
    company,
    industry: faker.helpers.arrayElement(INDUSTRIES_BY_CATEGORY[roleCategory]),
    location: weighted(faker, LOCATIONS),
    education: `${university}, ${faker.helpers.arrayElement(DEGREES)}`,
    university,
    interests: faker.helpers.arrayElements(INTERESTS, { min: 1, max: 3 }),
    email: hasEmail
      ? `${slug(firstName)}.${slug(lastName)}.${index}@${slug(company)}.example`
      : null,
    linkedin: `https://www.linkedin.com/in/${handle}`,
    personProfileUrl: `https://people.reachout.example/p/${handle}`,
    profilePictureUrl: null,
    roleCategory,
    companySize: faker.helpers.arrayElement(COMPANY_SIZES),
    revenueRange: faker.helpers.arrayElement(REVENUE_RANGES),
    isHiring: faker.number.float() < 0.45,
    isStudent: false,
  };
}

function student(faker: Faker, index: number, school?: string): DemoContact {
  const { firstName, lastName, fullName } = person(faker);
  const university = school ?? faker.helpers.arrayElement(UNIVERSITIES);
  const isCornell = university === "Cornell University";
  const program = isCornell
    ? faker.helpers.arrayElement(STUDENT_PROGRAMS)
    : faker.helpers.arrayElement(DEGREES);
  const year = 2026 + faker.number.int(3);
  const handle = `${slug(firstName)}-${slug(lastName)}-s${index}`;
  return {
    fullName,
    firstName,
    lastName,
    title: program.includes("MBA") ? "MBA Candidate" : `Student, Class of ${year}`,
    company: university,
    industry: null,
    location: isCornell ? "Ithaca, NY" : weighted(faker, LOCATIONS),
    education: `${university}, ${program}`,
    university,
    interests: faker.helpers.arrayElements(INTERESTS, { min: 1, max: 3 }),
    email: `${slug(firstName)}.${slug(lastName)}.s${index}@students.${slug(university)}.example`,
    linkedin: `https://www.linkedin.com/in/${handle}`,
    personProfileUrl: null,
    profilePictureUrl: null,
    roleCategory: null,
    companySize: null,
    revenueRange: null,
    isHiring: false,
    isStudent: true,
  };
}

/**
 * The people of the demo directory with indexes start .. start+count-1: recruiters, hiring
 * managers, analysts, VPs, partners and founders across every industry and role category, and
 * about 4% students. The same index always yields the same person.
 */
export function* generateContacts(start: number, count: number): Generator<DemoContact> {
  const faker = newFaker();
  const end = start + count;
  for (let block = Math.floor(start / BLOCK); block * BLOCK < end; block++) {
    faker.seed(CONTACT_SEED + block);
    for (let index = block * BLOCK; index < (block + 1) * BLOCK && index < end; index++) {
      // Draw every person of the block, so index i does not depend on where generation began.
      const isStudent = faker.number.float() < 0.04;
      const contact = isStudent ? student(faker, index) : professional(faker, index);
      if (index >= start) yield contact;
    }
  }
}

/** Student contacts of one school (the admin's student import), reproducible by index. */
export function* generateStudentContacts(
  start: number,
  count: number,
  school = "Cornell University",
): Generator<DemoContact> {
  const faker = newFaker();
  for (let index = start; index < start + count; index++) {
    faker.seed(STUDENT_SEED + index);
    yield student(faker, 1_000_000_000 + index, school);
  }
}
