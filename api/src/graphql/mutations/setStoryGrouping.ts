import { setStoryGrouping } from '../../domain/stories/storyGrouping.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';

builder.mutationField('setStoryGrouping', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: 'User',
    description:
      "Keeps whether the viewer's article lists show one row per story or every copy; answers the viewer, whose groupStories carries it. Not with an API token.",
    errors: { types: domainErrors },
    args: { groupStories: t.arg.boolean({ required: true, description: 'True: one row per story (the default); false: every copy.' }) },
    resolve: async (query, _root, { groupStories }, context) => {
      await setStoryGrouping(context.services, context.viewer, { groupStories });
      return context.services.db.user.findUniqueOrThrow({ ...query, where: { id: context.viewer.id } });
    },
  }),
);

builder.prismaObjectField('User', 'groupStories', (t) =>
  t.boolean({
    nullable: true,
    description: 'Whether the user’s article lists show one row per story: only for the user themself (null for anyone else).',
    select: { groupStories: true },
    resolve: (user, _args, context) => (context.viewer?.id === user.id ? user.groupStories : null),
  }),
);
