import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { TrustProxy } from "./config";
import type { AppDeps } from "./deps";
import { registerAuth } from "./http/auth";
import { registerCanonicalHost } from "./http/canonical-host";
import { registerCompression } from "./http/compress";
import { registerErrorHandler } from "./http/errors";
import { serializeRequest } from "./http/log-redaction";
import { registerMetrics } from "./http/metrics";
import { registerNulGuard } from "./http/nul-guard";
import { BudgetStore } from "./http/rate-limit";
import { registerRequestLog } from "./http/request-log";
import { isLocalSandboxClient } from "./http/sandbox-guard";
import { requestIdFrom } from "./lib/request-context";
import { modules } from "./modules";

export type { AppDeps } from "./deps";

/** One registered route, for the security suite's generated matrices. */
export interface RouteEntry {
  method: string;
  url: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
  isProtected: boolean;
  isAdmin: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

export interface BuildOptions {
  /** Folder of the built SPA; served with history fallback when it exists. */
  webDist?: string;
  logger?: boolean | object;
  /** Where the default (redacting) logger writes; tests capture it to prove what is logged. */
  logStream?: { write(line: string): void };
}

const REDACT = [
  "req.headers.authorization",
  "req.headers.cookie",
  // Plugins log their own copies of the headers (multipart's busboyOptions at trace level).
  "*.headers.authorization",
  "*.headers.cookie",
  "req.query.code",
  "req.query.token",
  "req.query.t",
  "req.query.state",
  "*.password",
  "*.refresh_token",
  "*.access_token",
];

export async function buildApp(
  deps: AppDeps,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? {
      level: deps.config.logLevel,
      redact: REDACT,
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: trustedProxies(deps.config.trustProxy),
    bodyLimit: 1_048_576,
    // While a stopping process drains, a request on a connection it had already accepted is
    // answered (with `Connection: close`), not refused with Fastify's 503: a reverse proxy with
    // the default `proxy_next_upstream error timeout` hands a 503 to the student, and the
    // database stays open until every request has finished (main.ts closes the app first).
    return503OnClosing: false,
    // One line per request, written by registerRequestLog (Fastify's own are two).
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: (request) => requestIdFrom(request.headers["x-request-id"]),
    // Router-level refusals (malformed URL, a path parameter over 100 characters) answer
    // {detail} like every other error instead of Fastify's default shape.
    frameworkErrors: (error, _request, reply) => {
      (reply as unknown as FastifyReply)
        .code(error.statusCode ?? 400)
        .send({ detail: error.message });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("deps", deps);
  const routeTable: RouteEntry[] = [];
  app.decorate("routeTable", routeTable);
  app.addHook("onRoute", (route) => {
    const handlers = [route.preHandler, route.preValidation, route.onRequest]
      .flat()
      .filter(Boolean);
    const guards: unknown[] = [app.requireUser, app.requireAdmin];
    if (route.preHandler && guards.some((g) => handlers.includes(g as never))) {
      // Authenticate before validating: a caller without a session gets 401, never a
      // validation message about a body they had no right to send.
      const preHandlers = [route.preHandler].flat();
      route.preValidation = [
        ...[route.preValidation ?? []].flat(),
        ...preHandlers.filter((h) => guards.includes(h)),
      ] as never;
      route.preHandler = preHandlers.filter((h) => !guards.includes(h));
    }
    for (const method of [route.method].flat()) {
      if (method === "HEAD") continue;
      routeTable.push({
        method,
        url: route.url,
        schema: route.schema as RouteEntry["schema"],
        isProtected: handlers.includes(app.requireUser) || handlers.includes(app.requireAdmin),
        isAdmin: handlers.includes(app.requireAdmin),
      });
    }
  });
  registerRequestLog(app);
  registerErrorHandler(app);
  registerAuth(app);
  registerNulGuard(app);
  registerCompression(app);
  registerCanonicalHost(app, deps.config.publicUrl);
  registerMetrics(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // sonner and radix inject style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: deps.config.isProduction ? [] : null,
      },
    },
    referrerPolicy: { policy: "no-referrer" },
    hsts: deps.config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: true,
    store: BudgetStore,
    max: deps.config.rateLimit.max,
    timeWindow: "1 minute",
    // The limit guards the API. Static assets and the sandbox stand-ins (which play external
    // services, called by this server itself) are not counted against a person's budget.
    allowList: (request) => !request.url.startsWith("/api/"),
    // The error handler answers {detail} from this message; Retry-After is set by the plugin.
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: "Reachout API", version: deps.version },
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  for (const module of modules) {
    await app.register(module.routes, { prefix: module.prefix ?? "/api" });
  }
  const sandbox = deps.sandbox;
  if (sandbox) {
    await app.register(
      async (scope) => {
        // The stand-ins hand out verification codes and sign anyone in: only this machine may
        // reach them (its own socket, nobody forwarded), unless SANDBOX=on says the sandbox is
        // meant to be shared (never in production: config refuses it).
        if (!deps.config.sandboxOpen) {
          scope.addHook("onRequest", async (request, reply) => {
            if (isLocalSandboxClient(request)) return;
            return reply
              .code(404)
              .send({ detail: `No route for ${request.method} ${request.url.split("?")[0]}` });
          });
        }
        await scope.register(sandbox.plugin);
      },
      { prefix: "/__sandbox" },
    );
  }

  const webDist = options.webDist ?? deps.config.webDist ?? defaultWebDist();
  if (webDist && existsSync(path.join(webDist, "index.html"))) {
    // The build writes .br and .gz beside each asset (web/precompress.ts): sent when accepted.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
    });
    app.get("/*", { schema: { hide: true } }, (request, reply) => {
      const url = request.url.split("?")[0];
      if (url.startsWith("/api/") || url.startsWith("/__sandbox/")) {
        return reply.code(404).send({ detail: `No route for GET ${url}` });
      }
      const asset = path.join(webDist, path.normalize(url).replace(/^(\.\.[/\\])+/, ""));
      if (url !== "/" && existsSync(asset) && !asset.endsWith(path.sep)) {
        if (url.startsWith("/assets/")) {
          reply.header("cache-control", "public, max-age=31536000, immutable");
        }
        return reply.sendFile(path.relative(webDist, asset));
      }
      reply.header("cache-control", "no-cache");
      return reply.sendFile("index.html");
    });
  }
  return app;
}

/**
 * Fastify's form of TRUST_PROXY: nothing, the proxies' addresses, or a hop count (the nearest
 * `hops` addresses of the X-Forwarded-For chain are proxies, the one before them the client).
 */
function trustedProxies(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === "number") return (_address, hop) => hop < trust;
  return trust;
}

function defaultWebDist(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [
    path.resolve(here, "../../web/dist"),
    path.resolve(here, "../web/dist"),
    path.resolve(here, "../../../web/dist"),
  ]) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}
