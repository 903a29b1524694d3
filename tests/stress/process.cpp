// fork/exec of one child process, with the watchdog that kills its process group on timeout.
#include "tests/stress/process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <thread>

namespace drasim::stress {

namespace {

/// Child side of the fork: only async-signal-safe calls until exec.
[[noreturn]] void exec_child(char* const* argv, const char* out_path, const char* err_path) {
  setpgid(0, 0);
  const int out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (out < 0 || err < 0) {
    _exit(126);
  }
  dup2(out, STDOUT_FILENO);
  dup2(err, STDERR_FILENO);
  close(out);
  close(err);
  execv(argv[0], argv);
  constexpr char kMessage[] = "stress: exec of drasim failed\n";
  [[maybe_unused]] const ssize_t ignored = write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
  _exit(127);
}

}  // namespace

ProcessResult run_process(const std::vector<std::string>& args, const std::string& out_path,
                          const std::string& err_path, double timeout_s) {
  std::vector<char*> argv;
  for (const std::string& a : args) {
    argv.push_back(const_cast<char*>(a.c_str()));
  }
  argv.push_back(nullptr);
  ProcessResult r;
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) {
    return r;
  }
  if (pid == 0) {
    exec_child(argv.data(), out_path.c_str(), err_path.c_str());
  }
  setpgid(pid, pid);  // also here, so the watchdog's kill never races the child's own call
  const auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  int status = 0;
  auto nap = std::chrono::milliseconds(1);
  for (;;) {
    const pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid) {
      break;
    }
    if (done < 0 && errno != EINTR) {
      return r;
    }
    if (elapsed() > timeout_s) {
      kill(-pid, SIGKILL);
      waitpid(pid, &status, 0);
      r.end = ProcessResult::End::kTimedOut;
      r.seconds = elapsed();
      return r;
    }
    std::this_thread::sleep_for(nap);
    nap = std::min(nap * 2, std::chrono::milliseconds(20));
  }
  r.seconds = elapsed();
  if (WIFEXITED(status)) {
    r.end = ProcessResult::End::kExited;
    r.code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    r.end = ProcessResult::End::kSignaled;
    r.code = WTERMSIG(status);
  }
  return r;
}

}  // namespace drasim::stress
