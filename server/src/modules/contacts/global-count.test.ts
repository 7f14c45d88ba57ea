import { describe, expect, it } from "vitest";
import { createUser, insertPeople } from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";

const t = useTestApp();

describe("GET /api/global-contacts/count", () => {
  it("counts what the list pages hold for this user and these filters", async () => {
    const tag = `Countco${Date.now().toString(36)}`;
    const user = await createUser(t, { credits: 5 });
    const ids = await insertPeople(t, [
      { company: tag },
      { company: tag },
      { company: tag },
      { company: tag, email: null },
    ]);
    const count = async (query: string) =>
      (
        await t.app.inject({ url: `/api/global-contacts/count?${query}`, headers: user.auth })
      ).json();
    const listed = async (query: string) =>
      (
        await t.app.inject({
          url: `/api/global-contacts/all?${query}&limit=1000`,
          headers: user.auth,
        })
      ).json().contacts.length;

    expect(await count(`q=${tag}`)).toEqual({ count: 3, capped: false });
    expect(await listed(`q=${tag}`)).toBe(3);
    expect(await count(`q=${tag}&show_all=true`)).toEqual({ count: 4, capped: false });

    // Saved people and the user's own contacts are not in their list, nor in the count.
    await t.app.inject({
      method: "POST",
      url: "/api/global-contacts/save",
      headers: user.auth,
      payload: { contact_id: ids[0] },
    });
    await t.app.inject({
      method: "POST",
      url: "/api/my-network/contacts",
      headers: user.auth,
      payload: { full_name: "Own Person", email: "own@countco.example", company: tag },
    });
    expect(await count(`q=${tag}`)).toEqual({ count: 2, capped: false });
    expect(await listed(`q=${tag}`)).toBe(2);
  });
});
