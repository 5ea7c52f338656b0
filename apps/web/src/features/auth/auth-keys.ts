export const currentUserKey = ['me'] as const;
