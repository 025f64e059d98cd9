import { isEnumType, isInputObjectType, isInterfaceType, isIntrospectionType, isObjectType, type GraphQLNamedType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from './schema.ts';

/** Every element of a named type that a client author reads a description of, with that description. */
function describedElements(type: GraphQLNamedType): { element: string; description: string | null | undefined }[] {
  const elements = [{ element: `type ${type.name}`, description: type.description }];
  if (isObjectType(type) || isInterfaceType(type)) {
    for (const field of Object.values(type.getFields())) {
      elements.push({ element: `field ${type.name}.${field.name}`, description: field.description });
      for (const arg of field.args)
        elements.push({ element: `argument ${type.name}.${field.name}(${arg.name})`, description: arg.description });
    }
  }
  if (isInputObjectType(type)) {
    for (const field of Object.values(type.getFields()))
      elements.push({ element: `input field ${type.name}.${field.name}`, description: field.description });
  }
  if (isEnumType(type)) {
    for (const value of type.getValues())
      elements.push({ element: `enum value ${type.name}.${value.name}`, description: value.description });
  }
  return elements;
}

const elements = Object.values(schema.getTypeMap())
  .filter((type) => !isIntrospectionType(type))
  .flatMap(describedElements);

describe('the schema served at /graphql documents itself', () => {
  it('describes every type, field, argument, input field and enum value', () => {
    expect(elements.length).toBeGreaterThan(900);
    expect(elements.filter(({ description }) => !description?.trim()).map(({ element }) => element)).toEqual([]);
  });

  it('says more than the name of the element it describes', () => {
    const bare = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
    const echoes = elements.filter(({ element, description }) => bare(description ?? '') === bare(element.split(/[ .(]/).at(-1) ?? ''));
    expect(echoes.map(({ element }) => element)).toEqual([]);
  });

  it('offers backward paging (last, before) only where it works: apiTokens and filterRules, arrays held whole', () => {
    const backward = Object.values(schema.getTypeMap())
      .filter(isObjectType)
      .flatMap((type) =>
        Object.values(type.getFields())
          .filter((field) => field.args.some((arg) => arg.name === 'last' || arg.name === 'before'))
          .map((field) => `${type.name}.${field.name}`),
      );
    expect(backward).toEqual(['Query.apiTokens', 'Query.filterRules']);
  });
});
