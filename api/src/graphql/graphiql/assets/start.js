// Starts GraphiQL on the page api/src/graphql/graphiql/page.ts renders. A file, not an inline script, so the page's
// Content Security Policy allows scripts from the instance alone.
const WORKERS = {
  editorWorkerService: 'editor.worker.bundle.js',
  json: 'json.worker.bundle.js',
  graphql: 'graphql.worker..bundle.js',
};
self.MonacoEnvironment = {
  globalAPI: false,
  getWorkerUrl: (_moduleId, label) => `/graphiql/monacoeditorwork/${WORKERS[label] ?? WORKERS.editorWorkerService}`,
};

/** The bearer token of the web app's session in this browser (same origin, same storage), if signed in. */
function sessionToken() {
  try {
    return JSON.parse(localStorage.getItem('tidings.session') ?? 'null')?.token ?? null;
  } catch {
    return null;
  }
}

const options = JSON.parse(document.getElementById('graphiql-options').textContent);
const token = sessionToken();
if (token) options.headers = JSON.stringify({ Authorization: `Bearer ${token}` }, null, 2);
YogaGraphiQL.renderYogaGraphiQL(document.getElementById('root'), options);
