export type LikeableArticle = { id: string; isLiked: boolean; counts: { comments: number; shares: number; likes: number } };

/** The article as it looks after toggling its like: the flag flipped and the like count moved by one. */
export function toggledLike({ id, isLiked, counts }: LikeableArticle) {
  return {
    __typename: 'Article' as const,
    id,
    isLiked: !isLiked,
    counts: { ...counts, likes: Math.max(0, counts.likes + (isLiked ? -1 : 1)) },
  };
}
