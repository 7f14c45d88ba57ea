import type { Config } from "./config";
import type { Database } from "./db/client";
import type { Mailer } from "./integrations/mailer";
import type { Boss } from "./jobs/boss";

/** Everything a module needs from the process, built once in main.ts (or by a test). */
export interface AppDeps {
  config: Config;
  database: Database;
  boss: Boss;
  mailer: Mailer;
  /** Present in sandbox mode: the local stand-ins, mounted under /__sandbox. */
  sandbox?: {
    plugin: import("fastify").FastifyPluginAsync;
    /** The Google stand-in: grants offline access directly (demo seed). */
    google?: {
      grants: { grantOffline(email: string, name: string, scopes: string[]): string };
      /** Signs an OIDC token as Google does for a Pub/Sub push (tests forge bad ones). */
      serviceAccountToken(claims: {
        audience: string;
        email: string;
        expiresIn?: number;
      }): Promise<string>;
    };
  };
  version: string;
  /** Today, for what depends on the date (the writer's default season); tests fix it. */
  now?: () => Date;
}

/** The process's clock: the injected one (tests) or the system's. */
export const nowOf = (deps: Pick<AppDeps, "now">): Date => deps.now?.() ?? new Date();

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
    requireUser: (request: FastifyRequest) => Promise<void>;
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
}
