// The baseline: a bare Bun.serve JSON endpoint, nothing else.
const server = Bun.serve({ port: Number(process.env.PORT ?? 0), hostname: "127.0.0.1", fetch: () => Response.json({ status: "ok", id: "bzc_bare" }) });
console.log(`ready ${server.port}`);
