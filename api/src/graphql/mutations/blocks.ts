import { block, unblock } from '../../domain/social/blocks.ts';
import { definePersonMutations } from '../personMutations.ts';

definePersonMutations([
  [
    'blockUser',
    block,
    'Blocks a user: everything muteUser does (their shares, comments and mentions are kept from the viewer), and their follow of the viewer ends and new ones are refused. They are not told. Blocking twice is blocking; never yourself.',
  ],
  [
    'unblockUser',
    unblock,
    'Unblocks a user: they may follow the viewer again (their old follow is not restored), and they are heard from again unless the viewer also muted them.',
  ],
]);
