export interface ChatDoc {
  [field: string]: unknown;
  participants: string[];
  createdBy: string;
  createdAt: number;
  updatedAt: number;
  /** A one-line preview of the latest message; "" before the first. */
  lastMessage: string;
  lastSender: string;
  messageCount: number;
  /** Unseen messages per participant, kept by the server with each send and each "seen". */
  unread: Record<string, number>;
}

export interface MessageDoc {
  [field: string]: unknown;
  sender: string;
  text: string;
  seen: boolean;
  timestamp: number;
}
