// What both pages share: the element lookup, the error line and the JSON
// API call (a 4xx or 5xx becomes an Error with the server's message).
"use strict";

const $ = (id) => document.getElementById(id);

function showError(message) {
  const box = $("error");
  box.textContent = message || "";
  box.hidden = !message;
}

// Calls the API; answers the JSON body, or null for an empty one (204).
async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const text = await response.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { error: `HTTP ${response.status}` };
    }
  }
  if (!response.ok) {
    const error = new Error((data && data.error) || `HTTP ${response.status} ${response.statusText}`);
    error.status = response.status;
    throw error;
  }
  return data;
}
