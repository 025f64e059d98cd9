import {
  Environment,
  Network,
  Observable,
  RecordSource,
  Store,
  type GraphQLResponse,
  type RequestParameters,
  type Variables,
} from 'relay-runtime';

/** A request the mock network has received and not answered yet: the test answers it when it chooses. */
export type PendingOperation = {
  name: string;
  /** The document's text, which `take` searches for a root field. */
  text: string;
  variables: Variables;
  resolve: (response: GraphQLResponse) => void;
  reject: (error: Error) => void;
};

/** Canned answers by operation name (the query's or mutation's name in its graphql`` tag). */
export type CannedAnswers = Record<string, (variables: Variables) => GraphQLResponse>;

/**
 * A Relay environment for component tests, built from relay-runtime's public API only: an operation with a canned
 * answer gets it at once; any other waits in `pending` until the test resolves or rejects it, so a test can look at
 * the screen between the optimistic answer and the server's. `sent` lists every operation in the order it left.
 */
export function createMockEnvironment(answers: CannedAnswers = {}) {
  const pending: PendingOperation[] = [];
  const sent: { name: string; variables: Variables }[] = [];
  const fetch = (request: RequestParameters, variables: Variables): Promise<GraphQLResponse> => {
    sent.push({ name: request.name, variables });
    const text = request.text ?? '';
    const answer = answers[request.name];
    if (answer) return Promise.resolve(answer(variables));
    return new Promise((resolve, reject) => pending.push({ name: request.name, text, variables, resolve, reject }));
  };
  // Live subscriptions stay open and silent until the test pushes an event with `publish`.
  const live: { name: string; next: (response: GraphQLResponse) => void }[] = [];
  const subscribe = (request: RequestParameters) =>
    Observable.create<GraphQLResponse>((sink) => {
      const entry = { name: request.name, next: (response: GraphQLResponse) => sink.next(response) };
      live.push(entry);
      return () => void live.splice(live.indexOf(entry), 1);
    });
  const environment = new Environment({ network: Network.create(fetch, subscribe), store: new Store(new RecordSource()) });

  /** Sends an event to every open subscription of that name. */
  const publish = (name: string, response: GraphQLResponse) =>
    live.filter((entry) => entry.name === name).forEach((entry) => entry.next(response));

  /**
   * The oldest pending operation that asks for this root field (`likeArticle`, not `unlikeArticle`), taken off the
   * list; throws when there is none. By field, not by operation name: the name is where the document lives.
   */
  const take = (rootField: string): PendingOperation => {
    const asks = new RegExp(`\\b${rootField}\\b`);
    const index = pending.findIndex((operation) => asks.test(operation.text));
    if (index < 0) throw new Error(`no pending ${rootField}; pending: ${pending.map((operation) => operation.name).join(', ') || 'none'}`);
    return pending.splice(index, 1)[0]!;
  };

  /** The root fields of the operations still waiting for an answer. */
  const pendingFields = () => pending.map((operation) => /\{\s*(\w+)/.exec(operation.text)?.[1] ?? operation.name);

  /** A record's field as the store holds it now (optimistic updates included). */
  const field = (id: string, name: string): unknown => environment.getStore().getSource().get(id)?.[name];

  return { environment, pending, sent, take, pendingFields, field, publish };
}

export type MockEnvironment = ReturnType<typeof createMockEnvironment>;
