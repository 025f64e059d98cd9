import SchemaBuilder, {
  BasePlugin,
  createInputValueMapper,
  mapInputFields,
  type PothosInputFieldConfig,
  type PothosOutputFieldConfig,
  type SchemaTypes,
} from '@pothos/core';
import { decodeGlobalID } from '@pothos/plugin-relay';
import { GraphQLError } from 'graphql';

/** What the rule reads of an argument or input field. */
type InputConfig = Pick<PothosInputFieldConfig<SchemaTypes>, 'kind' | 'name' | 'parentType' | 'parentField' | 'extensions'>;

/**
 * Marks a plain `ID` argument or input field whose value is a global id of one of `typenames`, so the one rule
 * below checks it as it checks `t.arg.globalID` (for fields that resolve the id themselves, as the administrator's
 * ones do with an `AdminUser` or a `User` id).
 */
export const globalIdOf = (...typenames: string[]) => ({ globalIdOf: typenames });

/**
 * As `globalIdOf`, for a lookup that also takes the object's REST id (a UUID), so that a link copied from the REST
 * API opens it too (`article(id:)`).
 */
export const globalIdOrRestIdOf = (...typenames: string[]) => ({ globalIdOf: typenames, orRestId: true });

/** What a global-id argument or input field takes: global ids of `types` (empty: any type, as `node(id:)`), and REST ids too or not. */
type Accepted = { types: string[]; restIds: boolean };

const REST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a global-id argument or input field takes, or null when its value is not a global id. */
function accepted(input: InputConfig): Accepted | null {
  const extensions = input.extensions ?? {};
  if (Array.isArray(extensions.globalIdOf)) return { types: extensions.globalIdOf as string[], restIds: extensions.orRestId === true };
  if (!extensions.isRelayGlobalID) return null;
  const forTypes = extensions.relayGlobalIDFor as { typename: string }[] | null | undefined;
  return { types: forTypes?.map(({ typename }) => typename) ?? [], restIds: false };
}

/** How an error names the argument or input field, as a client wrote it. */
function nameOf(input: InputConfig): string {
  return input.kind === 'Arg'
    ? `argument "${input.name}" of ${input.parentType}.${input.parentField}`
    : `field "${input.name}" of ${input.parentType}`;
}

function refuse(input: InputConfig, message: string): never {
  throw new GraphQLError(`The ${nameOf(input)} ${message}`, { extensions: { code: 'BAD_USER_INPUT', argument: input.name } });
}

/** Refuses a value that is not a global id, or one of a type the argument does not take, naming the argument. */
function checkGlobalId(value: unknown, { types, restIds }: Accepted, input: InputConfig): unknown {
  if (restIds && REST_ID.test(String(value))) return value;
  let typename: string;
  try {
    ({ typename } = decodeGlobalID(String(value)));
  } catch {
    const what = restIds ? 'a global id or a REST id' : 'a global id';
    return refuse(input, `is not ${what}: "${String(value).slice(0, 100)}" (use an object's \`id\` as given)`);
  }
  if (types.length > 0 && !types.includes(typename)) refuse(input, `takes the id of ${types.join(' or ')}, not of ${typename}`);
  return value;
}

/**
 * One rule for every global id a client sends (arguments, input fields at any depth, `node` and `nodes`, and the
 * lookups that open links, `article`, `user` and `userShares`): a value that does not decode, or names a type the
 * argument does not take, is refused before the field runs with `BAD_USER_INPUT` and a message naming the argument,
 * and nothing changes; a well-formed id that names nothing is the field's to answer (null, or not found). Listed
 * after the relay plugin (Pothos configures fields from the last plugin to the first), so its check runs before the
 * relay plugin decodes, whose own failures name nothing and carry no code.
 */
export class GlobalIdArgumentsPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  private readonly mappingCache = new Map();

  /** Describes a global-id argument or input field that has no description of its own, from the types it takes. */
  override onInputFieldConfig(fieldConfig: PothosInputFieldConfig<Types>): PothosInputFieldConfig<Types> {
    const takes = accepted(fieldConfig);
    if (takes === null || fieldConfig.description) return fieldConfig;
    const whose = takes.types.length > 0 ? `of the ${takes.types.join(' or ')}` : 'of an object';
    return {
      ...fieldConfig,
      description: `The global id ${whose} (its \`id\` field)${takes.restIds ? ' or its REST id (a UUID)' : ''}; a malformed id, or one of another type, is refused with BAD_USER_INPUT.`,
    };
  }

  override onOutputFieldConfig(fieldConfig: PothosOutputFieldConfig<Types>): PothosOutputFieldConfig<Types> {
    const mappings = mapInputFields(fieldConfig.args, this.buildCache, accepted, this.mappingCache);
    if (!mappings) return fieldConfig;
    const check = createInputValueMapper(mappings, (value, mapping) =>
      checkGlobalId(value, mapping.value ?? { types: [], restIds: false }, mapping.config),
    );
    return { ...fieldConfig, argMappers: [...fieldConfig.argMappers, (args) => check(args)] };
  }
}

// Pothos finds a plugin's type by its name in its global namespace, which only a namespace declaration extends.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  export namespace PothosSchemaTypes {
    interface Plugins<Types extends SchemaTypes> {
      globalIdArguments: GlobalIdArgumentsPlugin<Types>;
    }
  }
}

const pluginName = 'globalIdArguments';
export default pluginName;

// Once per process: test files that share a worker evaluate this module again, and Pothos refuses a second class.
const registered = (SchemaBuilder as unknown as { plugins: Record<string, unknown> }).plugins;
if (!registered[pluginName]) SchemaBuilder.registerPlugin(pluginName, GlobalIdArgumentsPlugin);
