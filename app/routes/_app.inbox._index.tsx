/** The right-hand pane before a conversation is chosen (large screens only). */
export default function NoConversationOpen() {
  return (
    <div className="flex h-full items-center justify-center p-8 text-sm text-slate-500">
      Choose a conversation to read it here.
    </div>
  );
}
