import type { Plugin } from 'graphql-yoga';
import {
  GraphQLError,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

/**
 * GraphQL Armor's cost formula (an object 2, a scalar 1, each level 1.5 times its parent, fragments as if
 * inlined), priced with the operation's variables: a field's cost is multiplied by its `first`/`last` and by the
 * length of its longest list argument (`nodes(ids:)`), whether they are written in the query or passed as
 * variables. Armor's own rule runs at validation, before variables exist, so `first: $first` and long `ids`
 * lists escaped it.
 */
const OBJECT_COST = 2;
const SCALAR_COST = 1;
const DEPTH_FACTOR = 1.5;

/** No list serves a longer page (comments and follows, 200), so a larger `first` costs no more. */
const LARGEST_PAGE = 200;

type Variables = Readonly<Record<string, unknown>>;

export function operationCost(document: DocumentNode, operationName: string | null | undefined, variables: Variables = {}): number {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations[0];
  if (!operation) return 0;
  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  );
  const values: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    values[name] = variables[name] !== undefined ? variables[name] : definition.defaultValue ? literal(definition.defaultValue, {}) : null;
  }
  const visiting = new Set<string>();

  const selectionCost = (selectionSet: SelectionSetNode): number => {
    let cost = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) cost += DEPTH_FACTOR * fieldCost(selection);
      else if (selection.kind === Kind.INLINE_FRAGMENT) cost += selectionCost(selection.selectionSet);
      else {
        const fragment = fragments.get(selection.name.value);
        // A fragment that spreads itself is invalid and refused by validation; it costs nothing more here.
        if (!fragment || visiting.has(fragment.name.value)) continue;
        visiting.add(fragment.name.value);
        cost += selectionCost(fragment.selectionSet);
        visiting.delete(fragment.name.value);
      }
    }
    return cost;
  };

  const fieldCost = (field: FieldNode): number => {
    if (field.name.value.startsWith('__')) return 0;
    const own = field.selectionSet ? OBJECT_COST + selectionCost(field.selectionSet) : SCALAR_COST;
    return own * multiplier(field, values);
  };

  return selectionCost(operation.selectionSet) / DEPTH_FACTOR;
}

/** How many times a field's selection may repeat: its page size, or the length of its longest list argument. */
function multiplier(field: FieldNode, variables: Variables): number {
  let times = 1;
  for (const argument of field.arguments ?? []) {
    const value = literal(argument.value, variables);
    if ((argument.name.value === 'first' || argument.name.value === 'last') && typeof value === 'number')
      times = Math.max(times, Math.min(value, LARGEST_PAGE));
    if (Array.isArray(value)) times = Math.max(times, value.length);
  }
  return times;
}

function literal(node: ValueNode, variables: Variables): unknown {
  switch (node.kind) {
    case Kind.VARIABLE:
      return variables[node.name.value];
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.LIST:
      return node.values.map((value) => literal(value, variables));
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, literal(field.value, variables)]));
    case Kind.NULL:
      return null;
    default:
      return 'value' in node ? node.value : null;
  }
}

/** Refuses, before it runs, an operation whose cost with its variables is over `maxCost` (400). */
export function costLimitWithVariablesPlugin({ maxCost }: { maxCost: number }): Plugin {
  const check = (document: DocumentNode, operationName: string | null | undefined, variables: Variables | null | undefined) => {
    const cost = operationCost(document, operationName, variables ?? {});
    if (cost <= maxCost) return null;
    return new GraphQLError(`Query cost limit of ${maxCost} exceeded, found ${Math.ceil(cost)}.`, {
      extensions: { code: 'QUERY_TOO_COSTLY', http: { status: 400 } },
    });
  };
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const error = check(args.document, args.operationName, args.variableValues);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const error = check(args.document, args.operationName, args.variableValues);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
  };
}
