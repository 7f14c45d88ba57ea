export const PRODUCT_NAME = "Reachout";

export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  verificationCodeLength: 6,
  verificationCodeTtlMinutes: 15,
  verificationMaxAttempts: 5,
  resumeMaxBytes: 5_242_880,
  resumeTimeoutMs: 30_000,
  resumeAttempts: 3,
  resumeRetryDelaysMs: [1000, 2000],
  phoneMinDigits: 10,
  phoneMaxDigits: 15,
  graduationYearMin: 1950,
  graduationYearMax: 2100,
  /** A profile's text fields (full name, university, major), in characters. */
  profileTextMax: 120,
  savedSearchResultsMin: 1,
  savedSearchResultsMax: 25,
  savedSearchResultsDefault: 5,
  savedSearchDefaultLocation: "New York",
  agentSearchResultsMin: 1,
  agentSearchResultsMax: 100,
  agentSearchResultsDefault: 5,
  agentMinCredits: 3,
  saveContactMinCredits: 1,
  contactsPageSize: 30,
  fetchBatchSize: 1000,
  startupsPageSize: 100,
  /** Under the mobile breakpoint a page of 100 cards is ~10,000 px tall: 20 keeps pages reachable. */
  startupsPhonePageSize: 20,
  clientRateLimitMs: 5000,
  dailySendCapDefault: 100,
  subscriptionDays: 30,
  mobileBreakpointPx: 768,
  waitlistSeats: 500,
} as const;

export const TIMERS = {
  newsletterResetMs: 4000,
  verifyRedirectMs: 1500,
  taglineRotateMs: 2000,
  dashboardPollMs: 60_000,
  creditsPollMs: 120_000,
  toastMs: 5000,
  loginToastMs: 3000,
  compactToastMs: 2500,
  newContactToastMs: 5000,
  newContactDuplicateWindowMs: 30_000,
  newContactMemory: 1000,
} as const;

export const SEARCH_FREQUENCIES = [6, 12, 24, 48] as const;
export const DEFAULT_SEARCH_FREQUENCY = 12;
export const PRIORITIES = [
  { value: 1, label: "High" },
  { value: 2, label: "Medium" },
  { value: 3, label: "Low" },
] as const;

export const SEARCH_STRATEGIES = [
  "deepseek",
  "sales_students",
  "apollo_search",
  "financial_sales",
] as const;
export type SearchStrategy = (typeof SEARCH_STRATEGIES)[number];

export const REVENUE_RANGES = [
  "0-1M",
  "1M-10M",
  "10M-50M",
  "50M-100M",
  "100M-500M",
  "500M-1B",
  "1B-5B",
  "5B-10B",
  "10B+",
] as const;

export const FINANCIAL_INDUSTRIES = [
  "investment banking",
  "private equity",
  "venture capital",
  "hedge funds",
  "asset management",
  "wealth management",
  "commercial banking",
  "fintech",
  "insurance",
  "real estate finance",
  "equity research",
  "fixed income",
  "derivatives",
  "sales and trading",
  "M&A",
  "corporate finance",
  "restructuring",
  "debt capital markets",
  "leveraged finance",
  "project finance",
] as const;

/** Industries of the global contacts database: the financial twenty plus the other fields students target. */
export const INDUSTRIES = [
  ...FINANCIAL_INDUSTRIES,
  "management consulting",
  "technology",
  "software",
  "artificial intelligence",
  "e-commerce",
  "healthcare",
  "media",
] as const;

export const COMPANY_SIZES = ["1-10", "11-50", "51-200", "201-1000", "1001-5000", "5000+"] as const;

export const CONTACT_STATUSES = ["Uncontacted", "Contacted", "Responded"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const SCHEDULED_STATUSES = ["scheduled", "sent", "cancelled", "failed"] as const;
export const DATE_RANGES = ["today", "tomorrow", "this_week", "past_due"] as const;

export const EMAIL_FORMATS = ["original", "precision"] as const;
export type EmailFormat = (typeof EMAIL_FORMATS)[number];

export const LOCAL_KEYS = {
  token: "token",
  user: "user",
  gmailConnecting: "gmail_connecting",
  draftPrefix: "email_draft_",
  customIntro: "startup_custom_intro",
  notifications: "new_contact_notifications",
} as const;

export const CSV_COLUMNS = [
  "Full Name",
  "Title",
  "Company",
  "Location",
  "Email",
  "LinkedIn",
  "Status",
] as const;
