import type { AppDeps } from "../deps";
import { seedDemoPositions } from "../modules/agent";
import { seedDemoContacts } from "../modules/contacts";
import { seedDemoProfile } from "../modules/profile";
import { seedStartups } from "../modules/startups";
import { connectDemoGmail } from "./demo-gmail";
import { ensureDemoUser } from "./demo-user";
import { seedSyntheticCohort } from "./synthetic-cohort";

export const DEMO_LOGIN = { email: "demo@reachout.example", password: "reachout-demo" };

/**
 * Seeds sandbox demo data once: idempotent, keyed on the demo user's email.
 * Each module contributes its part through the seeders listed here.
 */
export async function seedDemo(deps: AppDeps): Promise<typeof DEMO_LOGIN> {
  await ensureDemoUser(deps);
  await seedDemoProfile(deps, DEMO_LOGIN.email);
  await connectDemoGmail(deps);
  await seedDemoContacts(deps, DEMO_LOGIN.email);
  await seedDemoPositions(deps, DEMO_LOGIN.email);
  await seedStartups(deps.database.db, { accessFor: DEMO_LOGIN.email });
  await seedSyntheticCohort(deps);
  return DEMO_LOGIN;
}
