/** The server's environment under `npm start` (see start-env.mjs). */
export function childEnv(env: Record<string, string | undefined>): Record<string, string | undefined>;
