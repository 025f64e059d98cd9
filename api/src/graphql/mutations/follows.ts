import { follow, unfollow } from '../../domain/social/follows.ts';
import { definePersonMutations } from '../personMutations.ts';

definePersonMutations([
  ['follow', follow, 'Follows a user: their shares join the viewer’s Shared list. Following twice is following.'],
  ['unfollow', unfollow, 'Stops following a user.'],
]);
