/** The body of every 401 the AI host's authentication layer gives (spec: Errors on the {ai_url} host, 1). */
export const AUTH_LAYER_401 = { code: 'UNAUTHORIZED', message: 'You are not authorized to access this resource.' } as const;
