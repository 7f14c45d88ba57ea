import type { FastifyPluginAsync } from "fastify";
import { agentRoutes } from "./agent/routes";
import { applicationRoutes } from "./applications/routes";
import { authRoutes } from "./auth/routes";
import { billingRoutes } from "./billing/routes";
import { contactRoutes } from "./contacts/routes";
import { deliverabilityRoutes } from "./deliverability/routes";
import { emailRoutes } from "./emails/routes";
import { eventRoutes } from "./events/routes";
import { healthRoutes } from "./health/routes";
import { insightRoutes } from "./insights/routes";
import { onboardingRoutes } from "./onboarding/routes";
import { profileRoutes } from "./profile/routes";
import { publicRoutes } from "./public/routes";
import { resumeRoutes } from "./resumes/routes";
import { sequenceRoutes } from "./sequences/routes";
import { startupRoutes } from "./startups/routes";
import "./wiring";

export interface ModuleRoutes {
  routes: FastifyPluginAsync;
  prefix?: string;
}

/** Every module's routes, mounted under /api. Add a module by adding its line. */
export const modules: ModuleRoutes[] = [
  { routes: healthRoutes },
  { routes: publicRoutes },
  { routes: authRoutes },
  { routes: profileRoutes },
  { routes: onboardingRoutes },
  { routes: resumeRoutes },
  { routes: eventRoutes },
  { routes: agentRoutes },
  { routes: billingRoutes },
  { routes: startupRoutes },
  { routes: contactRoutes },
  { routes: emailRoutes },
  { routes: deliverabilityRoutes },
  { routes: sequenceRoutes },
  { routes: applicationRoutes },
  { routes: insightRoutes },
];
