import { type NetworkContact, NetworkListContact } from "@reachout/contract/contacts";

/** A My Network record for web tests. */
export function networkContact(overrides: Partial<NetworkContact> = {}): NetworkContact {
  const id = overrides.id ?? crypto.randomUUID();
  return {
    id,
    user_contact_id: crypto.randomUUID(),
    contact_id: id,
    full_name: "Ada Lovelace",
    first_name: "Ada",
    last_name: "Lovelace",
    title: "Technical Recruiter",
    company: "Cloudforge",
    location: "New York, NY",
    industry: "software",
    education: null,
    university: null,
    email: "ada@cloudforge.example",
    email_available: false,
    other_emails: [],
    tags: [],
    connected_on: null,
    linkedin: "https://www.linkedin.com/in/ada-lovelace",
    person_profile_url: null,
    profile_picture_url: null,
    interests: [],
    company_size: null,
    revenue_range: null,
    is_hiring: true,
    message_count: 0,
    replied: false,
    status: "Uncontacted",
    saved_at: "2025-06-01T12:00:00.000Z",
    created_at: "2025-06-01T12:00:00.000Z",
    target_position_id: null,
    target_position_name: null,
    next_scheduled_at: null,
    email_statuses: [],
    email_status: "ok",
    recent_outreach_count: 0,
    warm_signals: [],
    ...overrides,
  };
}

/** A record as My Network's list carries it (only what the cards, filters and export use). */
export function networkListContact(
  overrides: Partial<NetworkListContact> = {},
): NetworkListContact {
  return NetworkListContact.parse(networkContact(overrides));
}
