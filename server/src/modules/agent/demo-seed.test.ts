import { describe, expect, it } from "vitest";
import { createUser } from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { seedDemoContacts } from "../contacts/demo-seed";
import { seedDemoPositions } from "./demo-seed";

const t = useTestApp();

describe("seedDemoPositions", () => {
  it("seeds each position with the contacts its last search found, once", async () => {
    const user = await createUser(t);
    await seedDemoContacts(t.deps);
    await seedDemoPositions(t.deps, user.email);
    await seedDemoPositions(t.deps, user.email);

    const positions = (
      await t.app.inject({ url: "/api/target_positions", headers: user.auth })
    ).json().target_positions as Array<{
      id: string;
      job_title: string;
      contacts_found_count: number;
    }>;
    expect(positions).toHaveLength(3);
    for (const position of positions) {
      expect(position.contacts_found_count, position.job_title).toBeGreaterThan(0);
      const found = await t.app.inject({
        url: `/api/target_positions/${position.id}/contacts`,
        headers: user.auth,
      });
      const contacts = found.json().contacts as Array<{ target_position_name: string }>;
      expect(contacts).toHaveLength(position.contacts_found_count);
      expect(contacts.every((c) => c.target_position_name === position.job_title)).toBe(true);
    }
  });
});
