export interface UserProfile {
  fullName: string;
  xp: number;
  profilePicture: string;
  tourCompleted: boolean;
  welcomeBonusShown: boolean;
  bio: string;
  skillsOffered: unknown[];
  skillsWanted: unknown[];
  timezone: string;
  role: "member" | "admin";
  createdAt: number;
  [field: string]: unknown;
}
