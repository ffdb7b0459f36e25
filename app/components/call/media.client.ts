/**
 * Camera and microphone for the call: asking for them with fallbacks (both → sound only →
 * nothing), and telling the person in plain words what the browser refused. Browser only.
 */

export interface DeviceChoice {
  camera?: string;
  microphone?: string;
}

export interface AcquiredMedia {
  audio: MediaStreamTrack | null;
  video: MediaStreamTrack | null;
  /** Said to the person when the camera or microphone could not be used (a key of the "chat" namespace's call.notice); null when both work. */
  notice: CallNotice | null;
}

type Reason = "blocked" | "missing" | "busy" | "other";
/** What the panel tells the person about their camera and microphone: a key of the "chat" namespace. */
export type CallNotice =
  | `call.notice.cameraOnly.${Reason}`
  | `call.notice.neither.${Reason}`
  | "call.notice.unsupported"
  | "call.notice.cameraFailed"
  | "call.notice.microphoneFailed";

const constraint = (deviceId?: string): MediaTrackConstraints | boolean =>
  deviceId ? { deviceId: { exact: deviceId } } : true;

function reason(error: unknown): Reason {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError") return "blocked";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError") return "missing";
  if (name === "NotReadableError" || name === "TrackStartError" || name === "AbortError") return "busy";
  return "other";
}

export async function acquireMedia(choice: DeviceChoice): Promise<AcquiredMedia> {
  if (!navigator.mediaDevices?.getUserMedia) {
    return {
      audio: null,
      video: null,
      notice: "call.notice.unsupported",
    };
  }
  try {
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: constraint(choice.microphone),
      video: constraint(choice.camera),
    });
    return { audio: stream.getAudioTracks()[0] ?? null, video: stream.getVideoTracks()[0] ?? null, notice: null };
  } catch (both) {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: constraint(choice.microphone) });
      return {
        audio: stream.getAudioTracks()[0] ?? null,
        video: null,
        notice: `call.notice.cameraOnly.${reason(both)}`,
      };
    } catch (audioError) {
      return { audio: null, video: null, notice: `call.notice.neither.${reason(audioError)}` };
    }
  }
}

/** One kind of track from a chosen device, or null when it cannot be had. */
export async function acquireTrack(kind: "audio" | "video", deviceId: string): Promise<MediaStreamTrack | null> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ [kind]: { deviceId: { exact: deviceId } } });
    return (kind === "audio" ? stream.getAudioTracks() : stream.getVideoTracks())[0] ?? null;
  } catch {
    return null;
  }
}

export interface DeviceLists {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
  /** Empty where the browser cannot choose where sound plays (no setSinkId). */
  speakers: MediaDeviceInfo[];
}

export async function listDevices(): Promise<DeviceLists> {
  const all = (await navigator.mediaDevices?.enumerateDevices?.()) ?? [];
  const canChooseSpeaker = typeof HTMLMediaElement !== "undefined" && "setSinkId" in HTMLMediaElement.prototype;
  return {
    cameras: all.filter((d) => d.kind === "videoinput" && d.deviceId),
    microphones: all.filter((d) => d.kind === "audioinput" && d.deviceId),
    speakers: canChooseSpeaker ? all.filter((d) => d.kind === "audiooutput" && d.deviceId) : [],
  };
}
