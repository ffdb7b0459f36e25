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
  /** Said to the person when the camera or microphone could not be used; null when both work. */
  notice: string | null;
}

const constraint = (deviceId?: string): MediaTrackConstraints | boolean =>
  deviceId ? { deviceId: { exact: deviceId } } : true;

function reason(error: unknown): "blocked" | "missing" | "busy" | "other" {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError") return "blocked";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError") return "missing";
  if (name === "NotReadableError" || name === "TrackStartError" || name === "AbortError") return "busy";
  return "other";
}

const CAMERA_ONLY: Record<ReturnType<typeof reason>, string> = {
  blocked:
    "Your browser is blocking the camera for this site, so you join with sound only. Allow the camera in the address bar, then leave and join again to be seen.",
  missing: "No camera was found, so you join with sound only.",
  busy: "Your camera is in use by another app or could not start, so you join with sound only. Close the other app, then leave and join again.",
  other: "Your camera could not be started, so you join with sound only.",
};

const NEITHER: Record<ReturnType<typeof reason>, string> = {
  blocked:
    "Your browser is blocking the camera and microphone for this site. You can still join to see and hear the other member; allow them in the address bar, then leave and join again to be seen and heard.",
  missing: "No camera or microphone was found. You can still join to see and hear the other member.",
  busy: "Your camera and microphone are in use by another app or could not start. You can still join to see and hear the other member.",
  other: "Your camera and microphone could not be started. You can still join to see and hear the other member.",
};

export async function acquireMedia(choice: DeviceChoice): Promise<AcquiredMedia> {
  if (!navigator.mediaDevices?.getUserMedia) {
    return {
      audio: null,
      video: null,
      notice:
        "This browser cannot use a camera or microphone on this page. You can still join to see and hear the other member.",
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
      return { audio: stream.getAudioTracks()[0] ?? null, video: null, notice: CAMERA_ONLY[reason(both)] };
    } catch (audioError) {
      return { audio: null, video: null, notice: NEITHER[reason(audioError)] };
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
