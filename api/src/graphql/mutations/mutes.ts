import { mute, unmute } from '../../domain/social/mutes.ts';
import { definePersonMutations } from '../personMutations.ts';

definePersonMutations([
  [
    'muteUser',
    mute,
    'Mutes a user: their shares, comments and mentions are kept from the viewer, and they are not told. Muting twice is muting.',
  ],
  ['unmuteUser', unmute, 'Unmutes a user: their shares and comments show again, and their new mentions notify again.'],
]);
