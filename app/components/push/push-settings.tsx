/**
 * The push section of /settings (decision 054): this device on or off (the browser's permission is
 * asked only when the member clicks), the member's devices with Remove, the push column beside
 * the bell-and-e-mail one, quiet hours in their time zone and "Show message text in
 * notifications". Every form posts to /api/push/*; without JavaScript they post as plain forms
 * and come back here with a toast. Texts: namespace "push".
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field, FormError, FormNotice } from "~/components/form";
import { PUSH_CATEGORIES } from "~/features/push/settings";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { formatDate } from "~/utils/format";
import { currentSubscription, readDeviceState, subscribeThisDevice, type DeviceState } from "./this-device";

export interface PushSectionProps {
  publicKey: string;
  devices: { id: string; name: string; createdAt: number }[];
  categories: Record<string, { bell: boolean; push: boolean }>;
  showText: boolean;
  quietStart: string;
  quietEnd: string;
  timezone: string;
}

type Answer = { ok: boolean; message: string; fieldErrors?: Record<string, string> };

function Feedback({ answer }: { answer: Answer | undefined }) {
  if (!answer) return null;
  return answer.ok ? <FormNotice>{answer.message}</FormNotice> : <FormError message={answer.message} />;
}

/** This browser's state, read after hydration (never asking anything) and again when the list changes. */
function useThisDevice(deviceIds: string[]) {
  const [state, setState] = useState<DeviceState>("checking");
  const [id, setId] = useState<string | null>(null);
  const known = deviceIds.join(",");
  useEffect(() => {
    let current = true;
    void readDeviceState(known ? known.split(",") : []).then((read) => {
      if (!current) return;
      setState(read.state);
      setId(read.id);
    });
    return () => {
      current = false;
    };
  }, [known]);
  return { state, setState, id };
}

export function PushSettings(props: PushSectionProps) {
  const { t } = useTranslation("push");
  const deviceIds = props.devices.map((d) => d.id);
  const thisDevice = useThisDevice(deviceIds);
  return (
    <section id="push" aria-labelledby="push-heading" className="card space-y-6">
      <div>
        <h2 id="push-heading" className="text-base font-semibold">
          {t("title")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      </div>
      <ThisDevice publicKey={props.publicKey} deviceIds={deviceIds} {...thisDevice} />
      <Devices devices={props.devices} timezone={props.timezone} thisId={thisDevice.id} />
      <Choices {...props} />
    </section>
  );
}

function ThisDevice({
  publicKey,
  deviceIds,
  state,
  setState,
  id: thisId,
}: { publicKey: string; deviceIds: string[] } & ReturnType<typeof useThisDevice>) {
  const { t } = useTranslation("push");
  const fetcher = useFetcher<Answer>();
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  async function turnOn() {
    setProblem(null);
    setWorking(true);
    const result = await subscribeThisDevice(publicKey);
    setWorking(false);
    if (!result.ok) {
      if (result.reason === "blocked") setState("blocked");
      setProblem(t(`device.${result.reason}`));
      return;
    }
    fetcher.submit(result.fields, { method: "post", action: "/api/push/devices" });
  }

  async function turnOff() {
    setProblem(null);
    setWorking(true);
    const subscription = await currentSubscription();
    await subscription?.unsubscribe().catch(() => false);
    setWorking(false);
    setState("off");
    if (thisId && deviceIds.includes(thisId))
      fetcher.submit({ intent: "remove" }, { method: "post", action: `/api/push/devices/${thisId}` });
  }

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = working || fetcher.state !== "idle";
  return (
    <div className="space-y-3" data-testid="push-this-device">
      <p className="text-sm" role="status">
        <span className="font-medium text-slate-800">{t("device.label")}</span>{" "}
        {state === "checking" ? null : <span data-state={state}>{t(`device.state.${state}`)}</span>}
      </p>
      {state === "blocked" ? <p className="text-xs text-slate-500">{t("device.blockedHint")}</p> : null}
      {state === "unsupported" ? <p className="text-xs text-slate-500">{t("device.unsupportedHint")}</p> : null}
      {state === "on" ? (
        <button type="button" className="btn-secondary" onClick={() => void turnOff()} disabled={busy}>
          {t("device.turnOff")}
        </button>
      ) : state === "off" || state === "checking" ? (
        <button
          type="button"
          className="btn-primary"
          onClick={() => void turnOn()}
          disabled={busy || state === "checking"}
        >
          {t("device.turnOn")}
        </button>
      ) : null}
      {problem ? <FormError message={problem} /> : <Feedback answer={answer} />}
    </div>
  );
}

/** "Chrome on Android", as device-name.ts makes it, in the reader's language; browser and system names stay. */
function useDeviceName() {
  const { t } = useTranslation("push");
  return (name: string) => {
    const onSystem = /^(.+) on (.+)$/.exec(name);
    if (onSystem?.[1] === "A browser") return t("devices.aBrowserOn", { system: onSystem[2] });
    if (onSystem) return t("devices.browserOn", { browser: onSystem[1], system: onSystem[2] });
    if (name === "A browser") return t("devices.aBrowser");
    return name;
  };
}

function Devices({
  devices,
  timezone,
  thisId,
}: {
  devices: PushSectionProps["devices"];
  timezone: string;
  thisId: string | null;
}) {
  const { t } = useTranslation("push");
  const locale = useFormatLocale();
  const deviceName = useDeviceName();
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-800">{t("devices.title")}</h3>
      {devices.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{t("devices.none")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" data-testid="push-devices">
          {devices.map((device) => (
            <DeviceRow
              key={device.id}
              id={device.id}
              name={deviceName(device.name)}
              added={t("devices.added", {
                date: formatDate(device.createdAt, locale, timezone, {
                  day: "numeric",
                  month: "short",
                  year: "numeric",
                }),
              })}
              isThis={device.id === thisId}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function DeviceRow({ id, name, added, isThis }: { id: string; name: string; added: string; isThis: boolean }) {
  const { t } = useTranslation("push");
  const fetcher = useFetcher<Answer>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="push-device">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-800">
          {name}
          {isThis ? (
            <span className="ms-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
              {t("devices.thisDevice")}
            </span>
          ) : null}
        </p>
        <p className="text-xs text-slate-500">{added}</p>
      </div>
      <fetcher.Form method="post" action={`/api/push/devices/${id}`}>
        <input type="hidden" name="intent" value="remove" />
        <button
          type="submit"
          className="btn-secondary"
          disabled={fetcher.state !== "idle"}
          aria-label={t("devices.removeNamed", { name })}
        >
          {t("devices.remove")}
        </button>
      </fetcher.Form>
      {answer && !answer.ok ? (
        <div className="w-full">
          <FormError message={answer.message} />
        </div>
      ) : null}
    </li>
  );
}

function Choices({ categories, showText, quietStart, quietEnd, timezone }: PushSectionProps) {
  const { t } = useTranslation("push");
  const fetcher = useFetcher<Answer>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const fieldError = (name: string) => answer?.fieldErrors?.[name];
  return (
    <fetcher.Form method="post" action="/api/push/settings" className="space-y-5">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">{t("choices.title")}</legend>
        <p className="mt-1 text-xs text-slate-500">{t("choices.hint")}</p>
        <table className="mt-2 w-full text-sm">
          <thead>
            <tr className="text-xs text-slate-500">
              <th scope="col" className="py-1 text-start font-medium">
                {t("choices.category")}
              </th>
              <th scope="col" className="w-24 py-1 text-center font-medium">
                {t("choices.bellColumn")}
              </th>
              <th scope="col" className="w-20 py-1 text-center font-medium">
                {t("choices.pushColumn")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {PUSH_CATEGORIES.map((category) => {
              const { bell, push } = categories[category] ?? { bell: true, push: true };
              const label = t(`categories.${category}`);
              return (
                <tr key={category}>
                  <th scope="row" className="py-2 text-start font-normal text-slate-800">
                    {label}
                  </th>
                  <td className="py-2 text-center text-slate-600">{bell ? t("choices.on") : t("choices.off")}</td>
                  <td className="py-2 text-center">
                    <input
                      type="checkbox"
                      name={category}
                      defaultChecked={push}
                      disabled={!bell}
                      aria-label={t("choices.pushFor", { category: label })}
                      className="h-4 w-4 rounded border-slate-300"
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">{t("quiet.title")}</legend>
        <p className="mt-1 text-xs text-slate-500">{t("quiet.hint", { timezone })}</p>
        <div className="mt-2 flex flex-wrap gap-4">
          <Field
            name="quietStart"
            type="time"
            label={t("quiet.from")}
            defaultValue={quietStart}
            error={fieldError("quietStart")}
            className="input w-36"
          />
          <Field
            name="quietEnd"
            type="time"
            label={t("quiet.to")}
            defaultValue={quietEnd}
            error={fieldError("quietEnd")}
            className="input w-36"
          />
        </div>
      </fieldset>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          name="showText"
          defaultChecked={showText}
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300"
        />
        <span>
          <span className="font-medium text-slate-800">{t("showText.label")}</span>
          <span className="block text-xs text-slate-500">{t("showText.hint")}</span>
        </span>
      </label>
      <div className="space-y-3">
        <button type="submit" className="btn-primary" disabled={fetcher.state !== "idle"}>
          {t("choices.save")}
        </button>
        <Feedback answer={answer?.ok ? answer : answer ? { ok: false, message: answer.message } : undefined} />
      </div>
    </fetcher.Form>
  );
}
