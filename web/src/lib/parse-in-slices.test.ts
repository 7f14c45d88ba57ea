import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseInSlices } from "./parse-in-slices";

const Person = z.object({ id: z.string(), age: z.number().int() });

describe("parseInSlices", () => {
  it("validates every record, in order, across slices", async () => {
    const records = Array.from({ length: 250 }, (_, i) => ({ id: `p${i}`, age: i, extra: true }));
    const parsed = await parseInSlices(Person, records, 0.01);
    expect(parsed).toHaveLength(250);
    expect(parsed[0]).toEqual({ id: "p0", age: 0 });
    expect(parsed[249]).toEqual({ id: "p249", age: 249 });
  });

  it("lets other tasks run between slices", async () => {
    const order: string[] = [];
    const records = Array.from({ length: 3 }, (_, i) => ({ id: `p${i}`, age: i }));
    const SpyPerson = Person.transform((person) => {
      order.push(person.id);
      return person;
    });
    const other = Promise.resolve().then(() => order.push("microtask"));
    // A budget of 0 ms: a turn for the browser after every record.
    const parsing = parseInSlices(SpyPerson, records, 0);
    await Promise.all([other, parsing]);
    expect(order[0]).toBe("p0");
    expect(order).toContain("microtask");
    expect(order.indexOf("microtask")).toBeLessThan(order.indexOf("p1"));
  });

  it("rejects a batch with an invalid record, like validating it whole", async () => {
    const records = [
      ...Array.from({ length: 150 }, (_, i) => ({ id: `p${i}`, age: i })),
      { id: 7 },
    ];
    await expect(parseInSlices(Person, records, 0.01)).rejects.toThrow(z.ZodError);
  });
});
