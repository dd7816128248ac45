/** The routes of deploy/haproxy.cfg: each frontend's port, its backend's servers, and the health check request. */
export interface HaproxyRoutes {
  /** Frontend name → the port it binds. */
  frontends: Map<string, number>;
  /** Backend name → its servers (name → `host:port`). */
  backends: Map<string, Map<string, string>>;
  check: { path: string; host: string } | undefined;
}

export function haproxyRoutes(text: string): HaproxyRoutes {
  const routes: HaproxyRoutes = { frontends: new Map(), backends: new Map(), check: undefined };
  let section: { kind: string; name: string } | undefined;
  for (const line of text.split('\n').map((l) => l.replace(/#.*/, '').trim())) {
    const words = line.split(/\s+/);
    if (/^(global|defaults|frontend|backend|listen)\b/.test(line)) {
      section = { kind: words[0]!, name: words[1] ?? '' };
      if (section.kind === 'backend') routes.backends.set(section.name, new Map());
    } else if (section?.kind === 'frontend' && words[0] === 'bind') {
      routes.frontends.set(section.name, Number(words[1]!.split(':').pop()));
    } else if (section?.kind === 'backend' && words[0] === 'server') {
      routes.backends.get(section.name)!.set(words[1]!, words[2]!);
    } else if (words[0] === 'http-check' && words[1] === 'send') {
      const after = (word: string) => words[words.indexOf(word) + 1]!;
      routes.check = { path: after('uri'), host: after('Host') };
    }
  }
  return routes;
}
